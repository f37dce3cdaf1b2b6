/**
 * The fields of the blocks that list things of the shop: a product grid, category tiles, questions
 * and the featured tiles (BlockForm has the others).
 */
import { keyUnder } from '@/lib/translator';
import type { Block } from '@/lib/contract/blocks';
import { type BlockKit, HeadingField, placedPhoto } from './block-fields';
import { CheckboxGroup, SelectField, TextField } from './fields';
import MediaPicker from './MediaPicker';

type Of<T extends Block['type']> = Extract<Block, { type: T }>;

function ProductGridFields({ kit, block }: { kit: BlockKit; block: Of<'product_grid'> }) {
  const { f, err, set, choices } = kit;
  const source = block.source;
  return (
    <>
      <HeadingField kit={kit} value={block.heading} />
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
        <label htmlFor={kit.countId}>{f('count')}</label>
        <input
          id={kit.countId}
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

function FeaturedFields({ kit, block }: { kit: BlockKit; block: Of<'featured'> }) {
  const { f, err, set, lang } = kit;
  const setTile = (i: number, patch: Partial<(typeof block.tiles)[number]>) =>
    set({ tiles: block.tiles.map((tile, j) => (j === i ? { ...tile, ...patch } : tile)) });
  const tf = (key: string, i: number) => kit.t(keyUnder('admin.pageEditor.field.', key), { n: i + 1 });
  return (
    <>
      <HeadingField kit={kit} value={block.heading} hint={f('headingDefaultHint')} />
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
            value={placedPhoto(kit, tile.image)}
            defaultLanguage={lang}
            onChange={(picked) => {
              if (picked) kit.onPhoto(picked);
              setTile(i, { image: picked ? { asset_id: picked.id } : null });
            }}
          />
        </fieldset>
      ))}
    </>
  );
}

/** The fields of a listing block; null for the other types. */
export function ListBlockFields({ kit }: { kit: BlockKit }) {
  const { block, f, err, set, choices } = kit;
  switch (block.type) {
    case 'product_grid':
      return <ProductGridFields kit={kit} block={block} />;
    case 'featured':
      return <FeaturedFields kit={kit} block={block} />;
    case 'category_tiles':
      return (
        <>
          <HeadingField kit={kit} value={block.heading} />
          <CheckboxGroup
            legend={f('categories')}
            options={choices.categories}
            chosen={block.category_ids}
            onChange={(category_ids) => set({ category_ids })}
            error={err('category_ids')}
          />
        </>
      );
    case 'faq':
      return (
        <>
          <HeadingField kit={kit} value={block.heading} />
          <CheckboxGroup
            legend={f('questions')}
            options={choices.faqs}
            chosen={block.faq_ids}
            onChange={(faq_ids) => set({ faq_ids })}
            error={err('faq_ids')}
          />
        </>
      );
    default:
      return null;
  }
}
