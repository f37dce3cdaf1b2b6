import { describe, expect, it } from 'vitest';
import { splitDescription, summaryText, technicalInfo, textOf } from './description';

const SEEDED = [
  '<p>The Trail Tent is built for weekends. Light &amp; strong.</p>',
  '<ul><li>Two doors</li><li>Fast pitch</li></ul>',
  '<p>Weight: 2.1 kg</p>',
  '<p>Material: Ripstop nylon</p>',
  '<p>Important information: Dry the tent before storage.</p>',
].join('\n');

describe('splitDescription', () => {
  it('keeps the part before the first list as the intro', () => {
    const { intro, rest } = splitDescription(SEEDED);
    expect(intro).toBe('<p>The Trail Tent is built for weekends. Light &amp; strong.</p>');
    expect(rest.startsWith('<ul>')).toBe(true);
  });

  it('an ordered list counts too; no list → everything is the intro', () => {
    expect(splitDescription('<p>A</p><ol class="x"><li>B</li></ol>').intro).toBe('<p>A</p>');
    expect(splitDescription('<p>Only text</p>')).toEqual({ intro: '<p>Only text</p>', rest: '' });
    // <u> or <ulx> is not a list
    expect(splitDescription('<p><u>A</u></p>').rest).toBe('');
  });
});

describe('technicalInfo', () => {
  it('lists items and paragraphs with "Important information" first', () => {
    expect(technicalInfo(splitDescription(SEEDED).rest)).toEqual([
      { label: 'Important information', value: 'Dry the tent before storage.', important: true },
      { label: null, value: 'Two doors', important: false },
      { label: null, value: 'Fast pitch', important: false },
      { label: 'Weight', value: '2.1 kg', important: false },
      { label: 'Material', value: 'Ripstop nylon', important: false },
    ]);
  });

  it('recognises the German and French labels (French space before the colon)', () => {
    const de = technicalInfo('<ul><li>x</li></ul><p>Wichtige Informationen: Bitte lesen.</p>');
    expect(de[0]).toEqual({ label: 'Wichtige Informationen', value: 'Bitte lesen.', important: true });
    const fr = technicalInfo('<ul><li>x</li></ul><p>Informations importantes : veuillez lire.</p>');
    expect(fr[0]).toEqual({ label: 'Informations importantes', value: 'veuillez lire.', important: true });
    const custom = technicalInfo('<p>Hinweis: x</p>', ['Hinweis']);
    expect(custom[0]!.important).toBe(true);
  });

  it('skips empty blocks and strips markup', () => {
    expect(technicalInfo('<ul><li> </li><li><strong>Bold</strong> &lt;ok&gt;</li></ul>')).toEqual([
      { label: null, value: 'Bold <ok>', important: false },
    ]);
  });
});

describe('text helpers', () => {
  it('decodes entities and collapses whitespace', () => {
    expect(textOf('<p>A&nbsp;&amp;\n B &#233; &#x41;</p>')).toBe('A & B é A');
  });

  it('cuts a summary at a word', () => {
    expect(summaryText('<p>short</p>')).toBe('short');
    const long = summaryText(`<p>${'word '.repeat(60)}</p>`, 50);
    expect(long.length).toBeLessThanOrEqual(50);
    expect(long.endsWith('word…')).toBe(true);
  });
});
