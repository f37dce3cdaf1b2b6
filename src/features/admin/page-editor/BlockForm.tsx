/**
 * The settings and default-language texts of one block, by type. Every change builds the next
 * block object and hands it up; the server checks it against the same schema on save.
 */
import { keyUnder } from '@/lib/translator';
import { useId } from 'react';
import type { Block } from '@/lib/contract/blocks';
import { CheckboxGroup, RichTextField, SelectField, TextField } from './fields';
import { useEditorTexts } from './editor-texts';
import MediaPicker, { type PickedPhoto } from './MediaPicker';

export interface EditorChoices {
  categories: readonly { id: number; label: string }[];
  faqs: readonly { id: number; label: string }[];
  defaultLanguage: string;
}

interface Props {
  block: Block;
  errors: ReadonlyMap<string, string> | undefined;
  choices: EditorChoices;
  photos: ReadonlyMap<number, PickedPhoto>;
  onPhoto(photo: PickedPhoto): void;
  onChange(block: Block): void;
}

type Button = { label: string; href: string } | null;

export default function BlockForm({ block, errors, choices, photos, onPhoto, onChange }: Props) {
  const countId = useId();
  const { t } = useEditorTexts();
  const f = (key: string) => t(keyUnder('admin.pageEditor.field.', key));
  const err = (field: string) => errors?.get(field);
  const lang = choices.defaultLanguage;
  const set = (patch: Partial<Record<string, unknown>>) => onChange({ ...block, ...patch } as Block);
  const photo = (label: string) => {
    if (!('image' in block)) return null;
    const current = block.image
      ? (photos.get(block.image.asset_id) ?? {
          id: block.image.asset_id,
          url: '',
          name: `${f('photo')} ${block.image.asset_id}`,
          alt: '',
        })
      : null;
    return (
      <>
        <MediaPicker
          label={label}
          value={current}
          defaultLanguage={lang}
          onChange={(picked) => {
            if (picked) onPhoto(picked);
            set({ image: picked ? { asset_id: picked.id } : null });
          }}
        />
        {err('image') && <p className="field-error">{err('image')}</p>}
      </>
    );
  };
  // A button exists when either of its fields is filled; both empty removes it.
  const buttonFields = (button: Button) => {
    const update = (patch: Partial<{ label: string; href: string }>) => {
      const next = { label: button?.label ?? '', href: button?.href ?? '', ...patch };
      set({ button: next.label === '' && next.href === '' ? null : next });
    };
    return (
      <div className="field-row">
        <TextField
          label={f('buttonText')}
          value={button?.label ?? ''}
          max={60}
          lang={lang}
          onChange={(label) => update({ label })}
          error={err('button.label') ?? err('button')}
        />
        <TextField
          label={f('buttonLink')}
          value={button?.href ?? ''}
          hint={f('buttonLinkHint')}
          onChange={(href) => update({ href })}
          error={err('button.href')}
        />
      </div>
    );
  };

  switch (block.type) {
    case 'hero':
      return (
        <>
          <TextField
            label={f('heading')}
            value={block.heading}
            max={120}
            lang={lang}
            onChange={(heading) => set({ heading })}
            error={err('heading')}
          />
          <TextField
            label={f('text')}
            value={block.text}
            max={500}
            multiline
            lang={lang}
            onChange={(text) => set({ text })}
            error={err('text')}
          />
          {photo(f('heroPhoto'))}
          {buttonFields(block.button)}
        </>
      );
    case 'rich_text':
      return (
        <RichTextField
          label={f('text')}
          value={block.html}
          lang={lang}
          onChange={(html) => set({ html })}
          error={err('html')}
        />
      );
    case 'image':
      return (
        <>
          {photo(f('photo'))}
          <TextField
            label={f('alt')}
            value={block.alt}
            max={300}
            hint={f('altHint')}
            lang={lang}
            onChange={(alt) => set({ alt })}
            error={err('alt')}
          />
          <TextField
            label={f('caption')}
            value={block.caption}
            max={300}
            lang={lang}
            onChange={(caption) => set({ caption })}
            error={err('caption')}
          />
          <TextField
            label={f('linkOptional')}
            value={block.href ?? ''}
            onChange={(href) => set({ href: href === '' ? null : href })}
            error={err('href')}
          />
        </>
      );
    case 'image_text':
      return (
        <>
          {photo(f('photo'))}
          <TextField
            label={f('alt')}
            value={block.alt}
            max={300}
            lang={lang}
            onChange={(alt) => set({ alt })}
            error={err('alt')}
          />
          <TextField
            label={f('heading')}
            value={block.heading}
            max={120}
            lang={lang}
            onChange={(heading) => set({ heading })}
            error={err('heading')}
          />
          <RichTextField
            label={f('text')}
            value={block.html}
            lang={lang}
            onChange={(html) => set({ html })}
            error={err('html')}
          />
          <SelectField
            label={f('photoSide')}
            value={block.image_side}
            options={[
              { value: 'left', label: f('photoLeft') },
              { value: 'right', label: f('photoRight') },
            ]}
            onChange={(image_side) => set({ image_side })}
          />
        </>
      );
    case 'product_grid': {
      const source = block.source;
      return (
        <>
          <TextField
            label={f('heading')}
            value={block.heading}
            max={120}
            lang={lang}
            onChange={(heading) => set({ heading })}
            error={err('heading')}
          />
          <SelectField
            label={f('productsFrom')}
            value={source.kind}
            options={[
              { value: 'sale', label: f('fromSale') },
              { value: 'new', label: f('fromNew') },
              { value: 'category', label: f('fromCategory') },
              { value: 'skus', label: f('fromSkus') },
            ]}
            onChange={(kind) =>
              set({
                source:
                  kind === 'category'
                    ? { kind, category_id: choices.categories[0]?.id ?? 1 }
                    : kind === 'skus'
                      ? { kind, skus: [] }
                      : { kind },
              })
            }
          />
          {source.kind === 'category' && (
            <SelectField
              label={f('category')}
              value={String(source.category_id)}
              options={choices.categories.map((c) => ({ value: String(c.id), label: c.label }))}
              onChange={(id) => set({ source: { kind: 'category', category_id: Number(id) } })}
            />
          )}
          {source.kind === 'skus' && (
            <TextField
              label={f('skus')}
              value={source.skus.join(', ')}
              hint={f('skusHint')}
              onChange={(text) =>
                set({
                  source: {
                    kind: 'skus',
                    skus: text
                      .split(',')
                      .map((s) => s.trim())
                      .filter(Boolean),
                  },
                })
              }
              error={err('source.skus') ?? err('source')}
            />
          )}
          <div className="field">
            <label htmlFor={countId}>{f('count')}</label>
            <input
              id={countId}
              type="number"
              min={1}
              max={24}
              value={block.count}
              onChange={(e) => set({ count: Number(e.target.value) })}
            />
            {err('count') && <p className="field-error">{err('count')}</p>}
          </div>
        </>
      );
    }
    case 'category_tiles':
      return (
        <>
          <TextField
            label={f('heading')}
            value={block.heading}
            max={120}
            lang={lang}
            onChange={(heading) => set({ heading })}
            error={err('heading')}
          />
          <CheckboxGroup
            legend={f('categories')}
            options={choices.categories}
            chosen={block.category_ids}
            onChange={(category_ids) => set({ category_ids })}
            error={err('category_ids')}
          />
        </>
      );
    case 'cta':
      return (
        <>
          <TextField
            label={f('heading')}
            value={block.heading}
            max={120}
            lang={lang}
            onChange={(heading) => set({ heading })}
            error={err('heading')}
          />
          <TextField
            label={f('text')}
            value={block.text}
            max={500}
            multiline
            lang={lang}
            onChange={(text) => set({ text })}
            error={err('text')}
          />
          {buttonFields(block.button)}
        </>
      );
    case 'faq':
      return (
        <>
          <TextField
            label={f('heading')}
            value={block.heading}
            max={120}
            lang={lang}
            onChange={(heading) => set({ heading })}
            error={err('heading')}
          />
          <CheckboxGroup
            legend={f('questions')}
            options={choices.faqs}
            chosen={block.faq_ids}
            onChange={(faq_ids) => set({ faq_ids })}
            error={err('faq_ids')}
          />
        </>
      );
    case 'newsletter':
      return (
        <>
          <TextField
            label={f('heading')}
            value={block.heading}
            max={120}
            lang={lang}
            onChange={(heading) => set({ heading })}
            error={err('heading')}
          />
          <TextField
            label={f('text')}
            value={block.text}
            max={500}
            multiline
            lang={lang}
            onChange={(text) => set({ text })}
            error={err('text')}
          />
        </>
      );
    case 'featured': {
      const setTile = (i: number, patch: Partial<(typeof block.tiles)[number]>) =>
        set({ tiles: block.tiles.map((tile, j) => (j === i ? { ...tile, ...patch } : tile)) });
      const tf = (key: string, i: number) => t(keyUnder('admin.pageEditor.field.', key), { n: i + 1 });
      return (
        <>
          <TextField
            label={f('heading')}
            value={block.heading}
            max={120}
            lang={lang}
            hint={f('headingDefaultHint')}
            onChange={(heading) => set({ heading })}
            error={err('heading')}
          />
          {block.tiles.map((tile, i) => (
            <fieldset key={i} className="tile-fields">
              <legend>{tf('tile', i)}</legend>
              <TextField
                label={tf('tileTitle', i)}
                value={tile.title}
                max={80}
                lang={lang}
                hint={f('tileHint')}
                onChange={(title) => setTile(i, { title })}
                error={err(`tiles.${i}.title`)}
              />
              <TextField
                label={tf('tileDescription', i)}
                value={tile.description}
                max={300}
                lang={lang}
                onChange={(description) => setTile(i, { description })}
                error={err(`tiles.${i}.description`)}
              />
              <TextField
                label={tf('tileLink', i)}
                value={tile.href}
                hint={f('tileLinkHint')}
                onChange={(href) => setTile(i, { href })}
                error={err(`tiles.${i}.href`)}
              />
              <MediaPicker
                label={tf('tilePhoto', i)}
                value={
                  tile.image
                    ? (photos.get(tile.image.asset_id) ?? {
                        id: tile.image.asset_id,
                        url: '',
                        name: `${f('photo')} ${tile.image.asset_id}`,
                        alt: '',
                      })
                    : null
                }
                defaultLanguage={lang}
                onChange={(picked) => {
                  if (picked) onPhoto(picked);
                  setTile(i, { image: picked ? { asset_id: picked.id } : null });
                }}
              />
            </fieldset>
          ))}
        </>
      );
    }
    case 'spacer':
      return (
        <>
          <SelectField
            label={f('space')}
            value={block.size}
            options={[
              { value: 's', label: f('spaceS') },
              { value: 'm', label: f('spaceM') },
              { value: 'l', label: f('spaceL') },
            ]}
            onChange={(size) => set({ size })}
          />
          <label className="check">
            <input type="checkbox" checked={block.divider} onChange={(e) => set({ divider: e.target.checked })} />{' '}
            {f('divider')}
          </label>
        </>
      );
  }
}
