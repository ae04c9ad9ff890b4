/**
 * A lesson compiled at build time (build/lessons-plugin.ts): plain data the academy renders into React elements
 * itself, so no HTML string from the Markdown ever reaches the page (docs/decisions/academy.md).
 */
export type InlineNode =
  | { t: 'text'; v: string }
  | { t: 'strong' | 'em' | 'del'; c: InlineNode[] }
  | { t: 'code'; v: string }
  | { t: 'link'; href: string; c: InlineNode[] }
  | { t: 'br' };

export type BlockNode =
  | { t: 'heading'; depth: number; c: InlineNode[] }
  | { t: 'paragraph'; c: InlineNode[] }
  | { t: 'list'; ordered: boolean; start: number; items: BlockNode[][] }
  | { t: 'quote'; c: BlockNode[] }
  | { t: 'code'; v: string }
  | {
      t: 'table';
      align: ('left' | 'right' | 'center' | null)[];
      head: InlineNode[][];
      rows: InlineNode[][][];
    }
  | { t: 'rule' }
  /** A `::name{…}` directive line, parsed and checked by `parseDirective` when the lesson renders. */
  | { t: 'widget'; line: string };

export type CompiledLesson = {
  /** The front matter with its two `---` lines, for `parseLesson`. */
  header: string;
  blocks: BlockNode[];
};
