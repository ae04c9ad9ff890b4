import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useRuntimeConfig } from '@/config/runtime-config.ts';
import { AccessDenied } from '@/features/access/components/access-denied.tsx';
import { useAuth } from '@/lib/auth/auth-provider.tsx';

/** Wires the access-denied screen to sign-out: both buttons mark the flag handled and log out. */
export const AccessDeniedScreen = () => {
  const auth = useAuth();
  const config = useRuntimeConfig();
  const queryClient = useQueryClient();
  const [handled, setHandled] = useState(false);

  const signOut = async () => {
    setHandled(true);
    queryClient.clear();
    try {
      await auth.signoutRedirect();
    } catch {
      await auth.removeUser();
      window.location.assign('/');
    }
  };

  return (
    <AccessDenied
      emailWhitelisted={handled ? undefined : false}
      onGoToDiscord={() => {
        // Opened first, inside the click, so pop-up blockers let it through.
        window.open(config.links.discordInvite, '_blank', 'noopener,noreferrer');
        void signOut();
      }}
      onGoBack={() => {
        window.history.replaceState({}, '', '/');
        void signOut();
      }}
    />
  );
};
