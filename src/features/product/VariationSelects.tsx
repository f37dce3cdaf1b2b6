import type { OptionGroup, Selection, VariationLike } from './variations';
import { isOptionDisabled } from './variations';
import { fill } from '@/lib/rules/placeholders';

export interface VariationSelectTexts {
  /** The empty option's text. */
  noOption: string;
  /** "{{option}} (unavailable)" with the placeholder left in. */
  optionUnavailable: string;
}

interface Props {
  idPrefix: string;
  groups: OptionGroup[];
  variations: readonly VariationLike[];
  selection: Selection;
  onChange(key: string, optionId: number | null): void;
  texts: VariationSelectTexts;
  /** Offer the empty option (product page) or not (modal: every group always has a choice). */
  withEmpty: boolean;
  /** Disable options no variation has with the other choices (product page). */
  disableIncompatible: boolean;
}

/** One labelled drop-down per attribute group (storefront §4, §5). */
export default function VariationSelects({
  idPrefix,
  groups,
  variations,
  selection,
  onChange,
  texts,
  withEmpty,
  disableIncompatible,
}: Props) {
  return (
    <div className="variation-selects">
      {groups.map((g) => {
        const id = `${idPrefix}-${g.key}`;
        const value = selection[g.key];
        return (
          <div className="field variation-field" key={g.key}>
            <label htmlFor={id}>{g.name}</label>
            <select
              id={id}
              name={`group-${g.key}`}
              value={value === null || value === undefined ? '' : String(value)}
              onChange={(e) => onChange(g.key, e.currentTarget.value === '' ? null : Number(e.currentTarget.value))}
            >
              {withEmpty && <option value="">{texts.noOption}</option>}
              {g.options.map((o) => {
                const disabled = disableIncompatible && isOptionDisabled(variations, selection, g.key, o.id);
                return (
                  <option key={o.id} value={String(o.id)} disabled={disabled}>
                    {disabled ? fill(texts.optionUnavailable, { option: o.name }) : o.name}
                  </option>
                );
              })}
            </select>
          </div>
        );
      })}
    </div>
  );
}
