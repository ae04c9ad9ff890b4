import type Provider from 'oidc-provider';
import type { InteractionResults } from 'oidc-provider';
import { FIRST_PARTY_SCOPE } from './provider-settings.ts';

type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;

const stringList = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/**
 * The consent prompt only appears when a request insists (prompt=consent) or a grant lost scopes. For our own client
 * there is nothing to ask, so grant what is missing and carry on. Undefined = not ours to grant.
 */
export const autoConsent = async (
  provider: Provider,
  interaction: Interaction,
  firstPartyClientId: string,
  audience: string,
): Promise<InteractionResults | undefined> => {
  const accountId = interaction.session?.accountId;
  const clientId = interaction.params.client_id;
  if (!accountId || clientId !== firstPartyClientId) return undefined;
  const existing = interaction.grantId ? await provider.Grant.find(interaction.grantId) : undefined;
  const grant = existing ?? new provider.Grant({ accountId, clientId });
  const { details } = interaction.prompt;
  grant.addOIDCScope([FIRST_PARTY_SCOPE, ...stringList(details.missingOIDCScope)].join(' '));
  grant.addOIDCClaims(stringList(details.missingOIDCClaims));
  grant.addResourceScope(audience, FIRST_PARTY_SCOPE);
  return { consent: { grantId: await grant.save() } };
};
