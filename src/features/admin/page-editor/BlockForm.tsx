/**
 * The settings and default-language texts of one block, by type. Every change builds the next
 * block object and hands it up; the server checks it against the same schema on save.
 */
import { useId } from 'react';
import type { Block } from '@/lib/contract/blocks';
import {
  type BlockKit,
  ButtonFields,
  type EditorChoices,
  fieldLabel,
  HeadingField,
  PhotoField,
  ShortTextField,
} from './block-fields';
import { ListBlockFields } from './block-list-fields';
import { RichTextField, SelectField, TextField } from './fields';
import { useEditorTexts } from './editor-texts';
import type { PickedPhoto } from './MediaPicker';

interface Props {
  block: Block;
  errors: ReadonlyMap<string, string> | undefined;
  choices: EditorChoices;
  photos: ReadonlyMap<number, PickedPhoto>;
  onPhoto(photo: PickedPhoto): void;
  onChange(block: Block): void;
}

export default function BlockForm({ block, errors, choices, photos, onPhoto, onChange }: Props) {
  const countId = useId();
  const { t } = useEditorTexts();
  const kit: BlockKit = {
    block,
    t,
    f: (key) => fieldLabel(t, key),
    err: (field) => errors?.get(field),
    lang: choices.defaultLanguage,
    set: (patch) => onChange({ ...block, ...patch } as Block),
    choices,
    photos,
    onPhoto,
    countId,
  };
  return <TextBlockFields kit={kit} />;
}

/** The fields of the blocks that are mostly text and photos; the listing blocks' are ListBlockFields'. */
function TextBlockFields({ kit }: { kit: BlockKit }) {
  const { block, f, err, set, lang } = kit;
  switch (block.type) {
    case 'hero':
      return (
        <>
          <HeadingField kit={kit} value={block.heading} />
          <ShortTextField kit={kit} value={block.text} />
          <PhotoField kit={kit} label={f('heroPhoto')} />
          <ButtonFields kit={kit} button={block.button} />
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
          <PhotoField kit={kit} label={f('photo')} />
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
          <PhotoField kit={kit} label={f('photo')} />
          <TextField
            label={f('alt')}
            value={block.alt}
            max={300}
            lang={lang}
            onChange={(alt) => set({ alt })}
            error={err('alt')}
          />
          <HeadingField kit={kit} value={block.heading} />
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
    case 'cta':
      return (
        <>
          <HeadingField kit={kit} value={block.heading} />
          <ShortTextField kit={kit} value={block.text} />
          <ButtonFields kit={kit} button={block.button} />
        </>
      );
    case 'newsletter':
      return (
        <>
          <HeadingField kit={kit} value={block.heading} />
          <ShortTextField kit={kit} value={block.text} />
        </>
      );
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
    default:
      return <ListBlockFields kit={kit} />;
  }
}
