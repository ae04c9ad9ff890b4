import { randomBytes } from 'node:crypto';
import type {
  TCreateShareBody,
  TShare,
  TShareList,
  TSharePrivacy,
  TShareReferralCode,
  TShareSnapshot,
  TStatsQuery,
  TStatsReport,
} from '@cdca/contracts';
import type { AuthContext } from '../../auth/verify-token.ts';
import { AppError } from '../../lib/app-error.ts';
import { createLruCache } from '../../lib/lru-cache.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import type { EpicFillRow, EpicWithCoin } from '../epics/epics.repository.ts';
import { CARD_VERSION, type RenderedCard, renderCard } from './share-card.ts';
import { epicSnapshot, periodSnapshot } from './share-snapshot.ts';
import { PERIOD_TITLES, type ShareView, shareView } from './share-view.ts';
import type { ShareRow, SharesRepository } from './shares.repository.ts';

type Deps = {
  repository: SharesRepository;
  accounts: Pick<AccountsService, 'requireCaller'>;
  /** The stats report of one account (stats service): a period share is its snapshot. */
  periodReport: (accountId: string, query: TStatsQuery) => Promise<TStatsReport>;
  /** The caller's own epic with its fills, or undefined when it is not theirs. */
  ownEpic: (
    accountId: string,
    epicId: string,
  ) => Promise<{ found: EpicWithCoin; fills: EpicFillRow[] } | undefined>;
  /** The account's referral code a share may carry (a partner's newest), or undefined when it has none. */
  referralCodeOf: (accountId: string) => Promise<string | undefined>;
  publicUrl: string;
  now?: () => Date;
};

/** 256 random bits: nobody finds a link by trying addresses (docs/decisions/verified-sharing.md). */
const newToken = () => randomBytes(32).toString('base64url');
/** A token as newToken writes it; anything else is answered 404 without a query. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const shareNotFound = () => new AppError(404, 'not-found', 'There is no such shared link.');
const privacyOf = (row: ShareRow): TSharePrivacy => ({
  amounts: row.showDollars ? 'dollars' : 'percent',
  showCoin: row.showCoin,
  includeReferral: row.includeReferral,
});

export type PublicShare = { view: ShareView; pageUrl: string; cardUrl: string };

export const createSharesService = ({
  repository,
  accounts,
  periodReport,
  ownEpic,
  referralCodeOf,
  publicUrl,
  now = () => new Date(),
}: Deps) => {
  // Rendered cards by token, least recently used out. A share never changes after creation, so a cached card is
  // only wrong after a revoke (which forgets it) or a new look (CARD_VERSION); per process, one render at most.
  const cards = createLruCache<{ version: number; png: Buffer }>(200);
  const pageUrl = (token: string) => `${publicUrl}/s/${token}`;
  const cardUrl = (token: string) => `${pageUrl(token)}/card.png`;

  const figuresFor = async (accountId: string, body: TCreateShareBody): Promise<TShareSnapshot> => {
    if (body.kind === 'period')
      return periodSnapshot(body.period, await periodReport(accountId, { period: body.period }));
    const epic = await ownEpic(accountId, body.epicId);
    // Someone else's epic is answered exactly like a missing one.
    if (!epic) throw new AppError(404, 'epic-not-found', 'There is no such epic.');
    return epicSnapshot(epic.found, epic.fills);
  };

  /** The code is frozen with the figures: a link keeps the code it was shared with. */
  const snapshotFor = async (accountId: string, body: TCreateShareBody): Promise<TShareSnapshot> => {
    const [figures, code] = await Promise.all([
      figuresFor(accountId, body),
      body.privacy.includeReferral ? referralCodeOf(accountId) : undefined,
    ]);
    return code ? { ...figures, referralCode: code } : figures;
  };

  const toShare = (row: ShareRow): TShare => ({
    id: row.id,
    kind: row.kind,
    title:
      row.snapshot.kind === 'period'
        ? PERIOD_TITLES[row.snapshot.period]
        : `${row.snapshot.coinSymbol} epic, ${row.snapshot.status}`,
    period: row.snapshot.kind === 'period' ? row.snapshot.period : null,
    epicId: row.epicId,
    privacy: privacyOf(row),
    url: pageUrl(row.token),
    cardUrl: cardUrl(row.token),
    views: row.views,
    createdAt: row.createdAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
  });

  const cardOf = async (row: ShareRow): Promise<Buffer> => {
    const cached = cards.get(row.token);
    if (cached?.version === CARD_VERSION) return cached.png;
    const { png } = await renderCard(shareView(row.snapshot, privacyOf(row)));
    cards.set(row.token, { version: CARD_VERSION, png });
    return png;
  };

  return {
    create: async (auth: AuthContext, body: TCreateShareBody): Promise<TShare> => {
      const caller = await accounts.requireCaller(auth);
      const snapshot = await snapshotFor(caller.id, body);
      const row = await repository.insert({
        accountId: caller.id,
        token: newToken(),
        kind: body.kind,
        epicId: body.kind === 'epic' ? body.epicId : null,
        snapshot,
        showDollars: body.privacy.amounts === 'dollars',
        showCoin: body.privacy.showCoin,
        includeReferral: body.privacy.includeReferral,
        createdAt: now(),
      });
      return toShare(row);
    },

    /** The card a share would have, without saving anything: the dialog's preview. */
    preview: async (auth: AuthContext, body: TCreateShareBody): Promise<RenderedCard> => {
      const caller = await accounts.requireCaller(auth);
      return renderCard(shareView(await snapshotFor(caller.id, body), body.privacy));
    },

    referralCode: async (auth: AuthContext): Promise<TShareReferralCode> => {
      const caller = await accounts.requireCaller(auth);
      return { referralCode: (await referralCodeOf(caller.id)) ?? null };
    },

    list: async (auth: AuthContext): Promise<TShareList> => {
      const caller = await accounts.requireCaller(auth);
      return { shares: (await repository.listOwn(caller.id)).map(toShare) };
    },

    revoke: async (auth: AuthContext, id: string): Promise<TShare> => {
      const caller = await accounts.requireCaller(auth);
      const row = await repository.revokeOwn(caller.id, id, now());
      if (!row) throw shareNotFound();
      cards.delete(row.token);
      return toShare(row);
    },

    /**
     * A visit to the public page: counted (a HEAD, as link checkers send, is not a view), and only ever the view
     * the privacy choices allow.
     */
    view: async (token: string, { count = true } = {}): Promise<PublicShare | undefined> => {
      if (!TOKEN_PATTERN.test(token)) return undefined;
      const row = count ? await repository.view(token) : await repository.findLive(token);
      if (!row) return undefined;
      return {
        view: shareView(row.snapshot, privacyOf(row)),
        pageUrl: pageUrl(token),
        cardUrl: cardUrl(token),
      };
    },

    card: async (token: string): Promise<Buffer | undefined> => {
      if (!TOKEN_PATTERN.test(token)) return undefined;
      const row = await repository.findLive(token);
      return row ? cardOf(row) : undefined;
    },
  };
};

export type SharesService = ReturnType<typeof createSharesService>;
