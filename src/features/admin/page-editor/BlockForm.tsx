/**
 * The settings and default-language texts of one block, by type. Every change builds the next
 * block object and hands it up; the server checks it against the same schema on save.
 */
import { useId } from 'react';
import type { Block } from '@/lib/contract/blocks';
import { CheckboxGroup, RichTextField, SelectField, TextField } from './fields';
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
  const err = (field: string) => errors?.get(field);
  const lang = choices.defaultLanguage;
  const set = (patch: Partial<Record<string, unknown>>) => onChange({ ...block, ...patch } as Block);
  const photo = (label: string) => {
    if (!('image' in block)) return null;
    const current = block.image ? (photos.get(block.image.asset_id) ?? { id: block.image.asset_id, url: '', name: `photo ${block.image.asset_id}`, alt: '' }) : null;
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
        <TextField label="Button text" value={button?.label ?? ''} max={60} lang={lang} onChange={(label) => update({ label })} error={err('button.label') ?? err('button')} />
        <TextField label="Button link" value={button?.href ?? ''} hint="A path on the shop (/products/all/all) or an https:// address." onChange={(href) => update({ href })} error={err('button.href')} />
      </div>
    );
  };

  switch (block.type) {
    case 'hero':
      return (
        <>
          <TextField label="Heading" value={block.heading} max={120} lang={lang} onChange={(heading) => set({ heading })} error={err('heading')} />
          <TextField label="Text" value={block.text} max={500} multiline lang={lang} onChange={(text) => set({ text })} error={err('text')} />
          {photo('Hero photo')}
          {buttonFields(block.button)}
        </>
      );
    case 'rich_text':
      return <RichTextField label="Text" value={block.html} lang={lang} onChange={(html) => set({ html })} error={err('html')} />;
    case 'image':
      return (
        <>
          {photo('Photo')}
          <TextField label="Alternative text" value={block.alt} max={300} hint="What the photo shows, for people who cannot see it." lang={lang} onChange={(alt) => set({ alt })} error={err('alt')} />
          <TextField label="Caption" value={block.caption} max={300} lang={lang} onChange={(caption) => set({ caption })} error={err('caption')} />
          <TextField label="Link (optional)" value={block.href ?? ''} onChange={(href) => set({ href: href === '' ? null : href })} error={err('href')} />
        </>
      );
    case 'image_text':
      return (
        <>
          {photo('Photo')}
          <TextField label="Alternative text" value={block.alt} max={300} lang={lang} onChange={(alt) => set({ alt })} error={err('alt')} />
          <TextField label="Heading" value={block.heading} max={120} lang={lang} onChange={(heading) => set({ heading })} error={err('heading')} />
          <RichTextField label="Text" value={block.html} lang={lang} onChange={(html) => set({ html })} error={err('html')} />
          <SelectField label="Photo side" value={block.image_side} options={[{ value: 'left', label: 'Photo on the left' }, { value: 'right', label: 'Photo on the right' }]} onChange={(image_side) => set({ image_side })} />
        </>
      );
    case 'product_grid': {
      const source = block.source;
      return (
        <>
          <TextField label="Heading" value={block.heading} max={120} lang={lang} onChange={(heading) => set({ heading })} error={err('heading')} />
          <SelectField
            label="Products from"
            value={source.kind}
            options={[
              { value: 'sale', label: 'The sale' },
              { value: 'new', label: 'The new arrivals' },
              { value: 'category', label: 'A category' },
              { value: 'skus', label: 'Chosen products (SKUs)' },
            ]}
            onChange={(kind) =>
              set({ source: kind === 'category' ? { kind, category_id: choices.categories[0]?.id ?? 1 } : kind === 'skus' ? { kind, skus: [] } : { kind } })
            }
          />
          {source.kind === 'category' && (
            <SelectField
              label="Category"
              value={String(source.category_id)}
              options={choices.categories.map((c) => ({ value: String(c.id), label: c.label }))}
              onChange={(id) => set({ source: { kind: 'category', category_id: Number(id) } })}
            />
          )}
          {source.kind === 'skus' && (
            <TextField
              label="SKUs"
              value={source.skus.join(', ')}
              hint="Separated by commas, in the order to show."
              onChange={(text) => set({ source: { kind: 'skus', skus: text.split(',').map((s) => s.trim()).filter(Boolean) } })}
              error={err('source.skus') ?? err('source')}
            />
          )}
          <div className="field">
            <label htmlFor={countId}>Number of products</label>
            <input id={countId} type="number" min={1} max={24} value={block.count} onChange={(e) => set({ count: Number(e.target.value) })} />
            {err('count') && <p className="field-error">{err('count')}</p>}
          </div>
        </>
      );
    }
    case 'category_tiles':
      return (
        <>
          <TextField label="Heading" value={block.heading} max={120} lang={lang} onChange={(heading) => set({ heading })} error={err('heading')} />
          <CheckboxGroup legend="Categories" options={choices.categories} chosen={block.category_ids} onChange={(category_ids) => set({ category_ids })} error={err('category_ids')} />
        </>
      );
    case 'cta':
      return (
        <>
          <TextField label="Heading" value={block.heading} max={120} lang={lang} onChange={(heading) => set({ heading })} error={err('heading')} />
          <TextField label="Text" value={block.text} max={500} multiline lang={lang} onChange={(text) => set({ text })} error={err('text')} />
          {buttonFields(block.button)}
        </>
      );
    case 'faq':
      return (
        <>
          <TextField label="Heading" value={block.heading} max={120} lang={lang} onChange={(heading) => set({ heading })} error={err('heading')} />
          <CheckboxGroup legend="Questions" options={choices.faqs} chosen={block.faq_ids} onChange={(faq_ids) => set({ faq_ids })} error={err('faq_ids')} />
        </>
      );
    case 'newsletter':
      return (
        <>
          <TextField label="Heading" value={block.heading} max={120} lang={lang} onChange={(heading) => set({ heading })} error={err('heading')} />
          <TextField label="Text" value={block.text} max={500} multiline lang={lang} onChange={(text) => set({ text })} error={err('text')} />
        </>
      );
    case 'featured': {
      const setTile = (i: number, patch: Partial<(typeof block.tiles)[number]>) => set({ tiles: block.tiles.map((t, j) => (j === i ? { ...t, ...patch } : t)) });
      const hint = 'Empty: the tile\'s default (Featured tiles in the back office, else the shop\'s).';
      return (
        <>
          <TextField label="Heading" value={block.heading} max={120} lang={lang} hint="Empty: the default heading." onChange={(heading) => set({ heading })} error={err('heading')} />
          {block.tiles.map((tile, i) => (
            <fieldset key={i} className="tile-fields">
              <legend>Tile {i + 1}</legend>
              <TextField label={`Tile ${i + 1} title`} value={tile.title} max={80} lang={lang} hint={hint} onChange={(title) => setTile(i, { title })} error={err(`tiles.${i}.title`)} />
              <TextField label={`Tile ${i + 1} description`} value={tile.description} max={300} lang={lang} onChange={(description) => setTile(i, { description })} error={err(`tiles.${i}.description`)} />
              <TextField label={`Tile ${i + 1} link`} value={tile.href} hint="A path on the shop or an https:// address; empty: the default." onChange={(href) => setTile(i, { href })} error={err(`tiles.${i}.href`)} />
              <MediaPicker
                label={`Tile ${i + 1} photo`}
                value={tile.image ? (photos.get(tile.image.asset_id) ?? { id: tile.image.asset_id, url: '', name: `photo ${tile.image.asset_id}`, alt: '' }) : null}
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
          <SelectField label="Space" value={block.size} options={[{ value: 's', label: 'Small' }, { value: 'm', label: 'Medium' }, { value: 'l', label: 'Large' }]} onChange={(size) => set({ size })} />
          <label className="check">
            <input type="checkbox" checked={block.divider} onChange={(e) => set({ divider: e.target.checked })} /> Draw a line
          </label>
        </>
      );
  }
}
