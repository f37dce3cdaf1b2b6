/**
 * What the fields of every block type share (BlockForm, block-list-fields): the block being edited,
 * its error slots, the default language, the change handler, and the fields several types have (a
 * heading, a short text, a photo, a button).
 */
import { keyUnder } from '@/lib/translator';
import type { Block } from '@/lib/contract/blocks';
import type { EditorTexts } from './editor-texts';
import { TextField } from './fields';
import MediaPicker, { type PickedPhoto } from './MediaPicker';

export interface EditorChoices {
  categories: readonly { id: number; label: string }[];
  faqs: readonly { id: number; label: string }[];
  defaultLanguage: string;
}

export interface BlockKit {
  block: Block;
  t: EditorTexts['t'];
  /** A field label under admin.pageEditor.field. */
  f(key: string): string;
  err(field: string): string | undefined;
  /** The default language's code: the block's texts are in it. */
  lang: string;
  set(patch: Partial<Record<string, unknown>>): void;
  choices: EditorChoices;
  photos: ReadonlyMap<number, PickedPhoto>;
  onPhoto(photo: PickedPhoto): void;
  /** A stable id for the block's one unlabelled-by-component input (the product count). */
  countId: string;
}

export const fieldLabel = (t: EditorTexts['t'], key: string) => t(keyUnder('admin.pageEditor.field.', key));

/** The photo of a placed asset; one not in the editor's list yet is named by its id. */
export function placedPhoto(kit: BlockKit, image: { asset_id: number } | null): PickedPhoto | null {
  if (!image) return null;
  return (
    kit.photos.get(image.asset_id) ?? {
      id: image.asset_id,
      url: '',
      name: `${kit.f('photo')} ${image.asset_id}`,
      alt: '',
    }
  );
}

export function PhotoField({ kit, label }: { kit: BlockKit; label: string }) {
  const { block } = kit;
  if (!('image' in block)) return null;
  return (
    <>
      <MediaPicker
        label={label}
        value={placedPhoto(kit, block.image)}
        defaultLanguage={kit.lang}
        onChange={(picked) => {
          if (picked) kit.onPhoto(picked);
          kit.set({ image: picked ? { asset_id: picked.id } : null });
        }}
      />
      {kit.err('image') && <p className="field-error">{kit.err('image')}</p>}
    </>
  );
}

type Button = { label: string; href: string } | null;

/** A button exists when either of its fields is filled; both empty removes it. */
export function ButtonFields({ kit, button }: { kit: BlockKit; button: Button }) {
  const update = (patch: Partial<{ label: string; href: string }>) => {
    const next = { label: button?.label ?? '', href: button?.href ?? '', ...patch };
    kit.set({ button: next.label === '' && next.href === '' ? null : next });
  };
  return (
    <div className="field-row">
      <TextField
        label={kit.f('buttonText')}
        value={button?.label ?? ''}
        max={60}
        lang={kit.lang}
        onChange={(label) => update({ label })}
        error={kit.err('button.label') ?? kit.err('button')}
      />
      <TextField
        label={kit.f('buttonLink')}
        value={button?.href ?? ''}
        hint={kit.f('buttonLinkHint')}
        onChange={(href) => update({ href })}
        error={kit.err('button.href')}
      />
    </div>
  );
}

export function HeadingField({ kit, value, hint }: { kit: BlockKit; value: string; hint?: string }) {
  return (
    <TextField
      label={kit.f('heading')}
      value={value}
      max={120}
      lang={kit.lang}
      {...(hint !== undefined && { hint })}
      onChange={(heading) => kit.set({ heading })}
      error={kit.err('heading')}
    />
  );
}

/** A block's plain text of up to 500 characters (hero, call to action, newsletter). */
export function ShortTextField({ kit, value }: { kit: BlockKit; value: string }) {
  return (
    <TextField
      label={kit.f('text')}
      value={value}
      max={500}
      multiline
      lang={kit.lang}
      onChange={(text) => kit.set({ text })}
      error={kit.err('text')}
    />
  );
}
