import { marked, type Token, type Tokens } from 'marked';
import type { BlockNode, CompiledLesson, InlineNode } from '../lib/lesson-nodes.ts';

/**
 * Compiles the academy's Markdown at build time (docs/decisions/academy.md). `lesson.md?lesson` becomes a module
 * whose default export is a CompiledLesson — plain data, rendered by components/lesson-body.tsx without any HTML
 * string — and `lesson.md?lesson-meta` only its front matter, so the lesson list never loads a lesson's text.
 * HTML in the Markdown (the `<!-- check: … -->` comments) is dropped, never passed through.
 */
const FRONT_MATTER = /^---\n[\s\S]*?\n---\n/;

const inline = (tokens: Token[] | undefined): InlineNode[] =>
  (tokens ?? []).flatMap((token): InlineNode[] => {
    switch (token.type) {
      case 'text':
      case 'escape':
        return 'tokens' in token && token.tokens ? inline(token.tokens) : [{ t: 'text', v: token.text }];
      case 'strong':
      case 'em':
      case 'del':
        return [{ t: token.type, c: inline(token.tokens) }];
      case 'codespan':
        return [{ t: 'code', v: token.text }];
      case 'link':
        return [{ t: 'link', href: token.href, c: inline(token.tokens) }];
      case 'br':
        return [{ t: 'br' }];
      default:
        return [];
    }
  });

const blocks = (tokens: Token[]): BlockNode[] =>
  tokens.flatMap((token): BlockNode[] => {
    switch (token.type) {
      case 'heading':
        return [{ t: 'heading', depth: token.depth, c: inline(token.tokens) }];
      case 'paragraph':
        return [{ t: 'paragraph', c: inline(token.tokens) }];
      case 'text':
        // A tight list item's text: a paragraph without the margins.
        return [
          { t: 'paragraph', c: inline(token.tokens ?? [{ type: 'text', raw: token.raw, text: token.text }]) },
        ];
      case 'list': {
        const list = token as Tokens.List;
        return [
          {
            t: 'list',
            ordered: list.ordered,
            start: typeof list.start === 'number' ? list.start : 1,
            items: list.items.map((item) => blocks(item.tokens)),
          },
        ];
      }
      case 'blockquote':
        return [{ t: 'quote', c: blocks(token.tokens ?? []) }];
      case 'code':
        return [{ t: 'code', v: token.text }];
      case 'table': {
        const table = token as Tokens.Table;
        return [
          {
            t: 'table',
            align: table.align,
            head: table.header.map((cell) => inline(cell.tokens)),
            rows: table.rows.map((row) => row.map((cell) => inline(cell.tokens))),
          },
        ];
      }
      case 'hr':
        return [{ t: 'rule' }];
      default:
        // html (the check comments), space, def: nothing the reader sees.
        return [];
    }
  });

/** Splits out the widget directive lines, then lexes the Markdown between them. */
export const compileLesson = (raw: string): CompiledLesson => {
  const text = raw.replace(/\r\n/g, '\n');
  const header = FRONT_MATTER.exec(text)?.[0];
  if (!header) throw new Error('a lesson starts with front matter between two --- lines');
  const out: BlockNode[] = [];
  let pending: string[] = [];
  const flush = () => {
    if (pending.length > 0) out.push(...blocks(marked.lexer(pending.join('\n'))));
    pending = [];
  };
  for (const line of text.slice(header.length).split('\n')) {
    if (line.trimStart().startsWith('::')) {
      flush();
      out.push({ t: 'widget', line: line.trim() });
    } else {
      pending.push(line);
    }
  }
  flush();
  return { header, blocks: out };
};

const LESSON = /\.md\?lesson$/;
const META = /\.md\?lesson-meta$/;

export const academyLessons = () => ({
  name: 'cdca-academy-lessons',
  transform(code: string, id: string) {
    if (LESSON.test(id)) return { code: `export default ${JSON.stringify(compileLesson(code))};`, map: null };
    if (META.test(id)) {
      return { code: `export default ${JSON.stringify(compileLesson(code).header)};`, map: null };
    }
    return undefined;
  },
});
