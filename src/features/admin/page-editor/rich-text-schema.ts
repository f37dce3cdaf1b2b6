/**
 * The formatting the rich-text editor offers, in one place: the editor in the browser and the
 * losslessness test (which opens every seeded text in it) build TipTap from the same list, and
 * it matches what the server's sanitiser keeps (src/server/services/html.ts).
 */
import { type Extensions, getHTMLFromFragment } from '@tiptap/core';
import { Fragment, type Node as ProseMirrorNode, type Schema } from '@tiptap/pm/model';
import StarterKit from '@tiptap/starter-kit';

export const richTextExtensions = (): Extensions => [
  StarterKit.configure({
    heading: { levels: [2, 3, 4] },
    code: false,
    codeBlock: false,
    strike: false,
    underline: false,
    horizontalRule: false,
    link: {
      openOnClick: false,
      autolink: false,
      protocols: ['mailto'],
      HTMLAttributes: { rel: null, target: null },
    },
  }),
];

// A list item of one paragraph is stored as <li>text</li>, as the seeded and imported texts are.
const LIST_PARAGRAPH = /<li><p>((?:(?!<\/?p[\s>]).)*?)<\/p><\/li>/gs;

/**
 * The HTML the editor saves: one line per top-level block (as hand-written and seeded texts are
 * laid out), list items without TipTap's inner paragraph, no trailing empty paragraphs, and ''
 * for an empty text. Opening a stored text and saving it unchanged thus stores it as it was
 * (rich-text-lossless.test.ts).
 */
export function editorHtml(doc: ProseMirrorNode, schema: Schema): string {
  const nodes: ProseMirrorNode[] = [];
  doc.forEach((node) => nodes.push(node));
  // TipTap keeps an empty paragraph after a closing list or quote, for the cursor: it is not text.
  while (nodes.length > 0 && nodes.at(-1)!.type.name === 'paragraph' && nodes.at(-1)!.childCount === 0) nodes.pop();
  return nodes
    .map((node) => getHTMLFromFragment(Fragment.from(node), schema))
    .join('\n')
    .replace(LIST_PARAGRAPH, '<li>$1</li>');
}
