import { ArrowUpRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button.tsx';
import styles from '../academy.module.css';
import heading from '../widget-heading.module.css';

export type WidgetCardProps = {
  kind: string;
  title: string;
  hint: string;
  icon: ReactNode;
  onOpen?: () => void;
  children: ReactNode;
};

/** The frame every lesson widget sits in: what it is, the widget, and "Open in New epic". */
export const WidgetCard = ({ kind, title, hint, icon, onOpen, children }: WidgetCardProps) => (
  <section className={styles.widget} data-testid={kind} aria-label={title}>
    <header className={styles.widgetHeader}>
      <span className={heading.widgetIcon} aria-hidden="true">
        {icon}
      </span>
      <span className={heading.widgetHeading}>
        <span className={heading.widgetKind}>Try it</span>
        <span className={heading.widgetTitle}>{title}</span>
      </span>
    </header>
    <p className={styles.widgetHint}>{hint}</p>
    {children}
    {onOpen ? (
      <footer className={styles.widgetFooter}>
        <Button variant="secondary" onClick={onOpen}>
          Open in New epic <ArrowUpRight size={16} aria-hidden="true" />
        </Button>
      </footer>
    ) : null}
  </section>
);
