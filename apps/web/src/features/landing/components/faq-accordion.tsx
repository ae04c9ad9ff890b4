import { ChevronDown } from 'lucide-react';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import type { FaqItem } from '../lib/faq.ts';
import styles from './faq.module.css';

export type FaqAccordionProps = {
  items: readonly FaqItem[];
  headingLevel?: 'h3' | 'h4';
  /** Inside another panel: no outer margin. */
  embedded?: boolean;
};

/** Arrow keys, Home and End move between the questions (WAI-ARIA accordion pattern). */
const focusTarget = (key: string, index: number, count: number): number | null => {
  if (key === 'ArrowDown') return (index + 1) % count;
  if (key === 'ArrowUp') return (index - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
};

/**
 * Questions as buttons inside headings, each controlling its answer region: screen readers announce
 * "collapsed"/"expanded", Enter and Space toggle, several answers may be open at once.
 */
export const FaqAccordion = ({
  items,
  headingLevel: Heading = 'h3',
  embedded = false,
}: FaqAccordionProps) => {
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());
  const baseId = useId();
  const triggers = useRef<(HTMLButtonElement | null)[]>([]);

  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const target = focusTarget(event.key, index, items.length);
    if (target === null) return;
    event.preventDefault();
    triggers.current[target]?.focus();
  };

  return (
    <div className={embedded ? `${styles.list} ${styles.embedded}` : styles.list}>
      {items.map((item, index) => {
        const expanded = open.has(item.id);
        const triggerId = `${baseId}-${item.id}-question`;
        const panelId = `${baseId}-${item.id}-answer`;
        return (
          <div key={item.id} className={styles.item} data-open={expanded}>
            <Heading className={styles.heading}>
              <button
                ref={(element) => {
                  triggers.current[index] = element;
                }}
                id={triggerId}
                type="button"
                className={styles.trigger}
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => toggle(item.id)}
                onKeyDown={(event) => onKeyDown(event, index)}
              >
                {item.question}
                <span className={styles.chevron} aria-hidden="true">
                  <ChevronDown size={18} />
                </span>
              </button>
            </Heading>
            <section id={panelId} aria-labelledby={triggerId} className={styles.panel} hidden={!expanded}>
              {item.answer.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </section>
          </div>
        );
      })}
    </div>
  );
};
