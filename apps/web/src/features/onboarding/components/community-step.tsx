import { ExternalLink, MessagesSquare } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { useCompleteOnboardingStep } from '../api/complete-onboarding-step.ts';
import styles from './onboarding.module.css';
import { StepHeader } from './step-header.tsx';

export type CommunityStepProps = { discordInvite: string };

export const CommunityStep = ({ discordInvite }: CommunityStepProps) => {
  const [opened, setOpened] = useState(false);
  const complete = useCompleteOnboardingStep('discord');
  return (
    <div className={styles.stack}>
      <StepHeader title="Join the community">
        Beta access, release notes and help from other traders all happen in our Discord server.
      </StepHeader>
      <Card
        as="section"
        aria-label="Community invite"
        style={{ display: 'grid', gap: 16, justifyItems: 'start' }}
      >
        <span className={styles.bigIcon} aria-hidden="true">
          <MessagesSquare size={30} />
        </span>
        <p className={styles.lead}>
          Open the invite, accept it in Discord, then come back here and confirm. Keep the tab — this page
          waits for you.
        </p>
        <div className={styles.footer} style={{ width: '100%' }}>
          <Button
            variant={opened ? 'secondary' : 'primary'}
            size="lg"
            onClick={() => {
              window.open(discordInvite, '_blank', 'noopener,noreferrer');
              setOpened(true);
            }}
          >
            Open Discord invite <ExternalLink size={16} aria-hidden="true" />
          </Button>
          <Button
            variant={opened ? 'primary' : 'secondary'}
            size="lg"
            loading={complete.isPending}
            onClick={() => complete.mutate({})}
          >
            I've joined
          </Button>
        </div>
      </Card>
    </div>
  );
};
