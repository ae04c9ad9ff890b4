import type { ReactNode } from 'react';
import { DataTable } from '@/components/ui/data-table.tsx';
import { type Directive, parseDirective } from '../content/directives.ts';
import type { BlockNode, InlineNode } from '../lib/lesson-nodes.ts';
import styles from './academy.module.css';

export type RenderWidget = (directive: Directive) => ReactNode;

/** Only web and mail links become anchors; anything else (javascript:, data:) stays plain text. */
const SAFE_HREF = /^(https?:|mailto:|\/)/i;

/** An inline run as plain words, for a name read out rather than shown. */
const plainText = (nodes: InlineNode[]): string =>
  nodes
    .map((node) => {
      if (node.t === 'text' || node.t === 'code') return node.v;
      return node.t === 'br' ? ' ' : plainText(node.c);
    })
    .join('');

/** A lesson table has no caption: its column heads name it ("Permission, What it allows, CDCA needs it?"). */
const tableLabel = (head: InlineNode[][]): string => head.map(plainText).join(', ');

const Inline = ({ nodes }: { nodes: InlineNode[] }) => (
  <>
    {nodes.map((node, i) => {
      const key = `${node.t}-${i}`;
      switch (node.t) {
        case 'text':
          return node.v;
        case 'strong':
          return (
            <strong key={key}>
              <Inline nodes={node.c} />
            </strong>
          );
        case 'em':
          return (
            <em key={key}>
              <Inline nodes={node.c} />
            </em>
          );
        case 'del':
          return (
            <del key={key}>
              <Inline nodes={node.c} />
            </del>
          );
        case 'code':
          return <code key={key}>{node.v}</code>;
        case 'br':
          return <br key={key} />;
        case 'link':
          return SAFE_HREF.test(node.href) ? (
            <a
              key={key}
              href={node.href}
              target={node.href.startsWith('/') ? undefined : '_blank'}
              rel="noreferrer"
            >
              <Inline nodes={node.c} />
            </a>
          ) : (
            <Inline key={key} nodes={node.c} />
          );
        default:
          return null;
      }
    })}
  </>
);

const Widget = ({ line, render }: { line: string; render: RenderWidget }) => {
  let directive: Directive;
  try {
    directive = parseDirective(line);
  } catch {
    // content.test.ts refuses a bad directive before it ships; this only guards a local edit.
    return <p className={styles.widgetError}>This interactive example could not be shown.</p>;
  }
  return <>{render(directive)}</>;
};

const Blocks = ({ blocks, render }: { blocks: BlockNode[]; render: RenderWidget }) => (
  <>
    {blocks.map((block, i) => {
      const key = `${block.t}-${i}`;
      switch (block.t) {
        case 'heading': {
          // The page title is the lesson's h1; the body's own h1 repeats it and is skipped.
          if (block.depth === 1) return null;
          const Tag = block.depth === 2 ? 'h2' : block.depth === 3 ? 'h3' : 'h4';
          return (
            <Tag key={key}>
              <Inline nodes={block.c} />
            </Tag>
          );
        }
        case 'paragraph':
          return (
            <p key={key}>
              <Inline nodes={block.c} />
            </p>
          );
        case 'list': {
          const items = block.items.map((item, n) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: list items are static content in source order.
            <li key={n}>
              <Blocks blocks={item} render={render} />
            </li>
          ));
          return block.ordered ? (
            <ol key={key} start={block.start}>
              {items}
            </ol>
          ) : (
            <ul key={key}>{items}</ul>
          );
        }
        case 'quote':
          return (
            <blockquote key={key}>
              <Blocks blocks={block.c} render={render} />
            </blockquote>
          );
        case 'code':
          return (
            <pre key={key}>
              <code>{block.v}</code>
            </pre>
          );
        case 'table':
          return (
            <DataTable
              key={key}
              boxed
              stickyFirstColumn
              label={tableLabel(block.head)}
              className={styles.proseTable}
            >
              <thead>
                <tr>
                  {block.head.map((cell, n) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: columns are static content in source order.
                    <th key={n} scope="col" style={{ textAlign: block.align[n] ?? undefined }}>
                      <Inline nodes={cell} />
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {block.rows.map((row, r) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: rows are static content in source order.
                  <tr key={r}>
                    {row.map((cell, n) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: cells are static content in source order.
                      <td key={n} style={{ textAlign: block.align[n] ?? undefined }}>
                        <Inline nodes={cell} />
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </DataTable>
          );
        case 'rule':
          return <hr key={key} />;
        case 'widget':
          return <Widget key={key} line={block.line} render={render} />;
        default:
          return null;
      }
    })}
  </>
);

/**
 * A compiled lesson as React elements: every string is a text node, so nothing in the Markdown can inject
 * markup (docs/decisions/academy.md). Widget directives are handed to `renderWidget`, which the page composes.
 */
export const LessonBody = ({ blocks, renderWidget }: { blocks: BlockNode[]; renderWidget: RenderWidget }) => (
  <div className={styles.prose}>
    <Blocks blocks={blocks} render={renderWidget} />
  </div>
);
