import { readFileSync } from 'node:fs';
import type { ShareView } from './share-view.ts';

/**
 * The share's card image (1200×630, the Open Graph size), drawn like the landing page's result cards
 * (apps/web/public/results) in the web app's colours (apps/web/src/index.css). satori lays the card out as SVG
 * text and shapes, resvg rasterises it; the SVG is returned too so a test can read every word the image says.
 */
export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

/** Bump when the card's look changes: cached cards are keyed by it (docs/decisions/verified-sharing.md). */
export const CARD_VERSION = 2;

const C = {
  bg: '#0b0e14',
  surface: '#131722',
  border: '#262c3d',
  text: '#e6e8ee',
  muted: '#8b93a7',
  accent: '#22c55e',
  gain: '#4ade80',
  loss: '#f87171',
};

/** Inter (SIL OFL, apps/server/assets/fonts/LICENSE-Inter.txt), read once per process. */
const fontFile = (weight: number) =>
  readFileSync(new URL(`../../../assets/fonts/inter-latin-${weight}-normal.woff`, import.meta.url));
let fonts: { name: string; data: Buffer; weight: 400 | 700 | 800; style: 'normal' }[] | undefined;
const loadFonts = () => {
  fonts ??= ([400, 700, 800] as const).map((weight) => ({
    name: 'Inter',
    data: fontFile(weight),
    weight,
    style: 'normal' as const,
  }));
  return fonts;
};

type Style = Record<string, string | number>;
type CardNode = { type: string; props: { style?: Style; children?: CardChild | CardChild[] }; key: null };
type CardChild = CardNode | string;

const el = (type: string, style: Style, children?: CardChild | CardChild[]): CardNode => ({
  type,
  props: { style: { display: 'flex', ...style }, children },
  key: null,
});
const div = (style: Style, children?: CardChild | CardChild[]) => el('div', style, children);

const toneColour = (tone: ShareView['tone']) => {
  if (tone === 'gain') return C.gain;
  if (tone === 'loss') return C.loss;
  return C.text;
};

const mark = (view: ShareView) => {
  const label = view.mark;
  return div(
    {
      width: 76,
      height: 76,
      borderRadius: 38,
      alignItems: 'center',
      justifyContent: 'center',
      background: view.coin ? '#1f2a3f' : C.surface,
      border: `2px solid ${view.coin ? 'rgba(255,255,255,0.18)' : C.border}`,
      color: view.coin ? C.text : C.muted,
      fontSize: label.length > 3 ? 19 : 24,
      fontWeight: 800,
    },
    label,
  );
};

const header = (view: ShareView) =>
  div({ alignItems: 'center', justifyContent: 'space-between' }, [
    div({ alignItems: 'center', gap: 20 }, [
      mark(view),
      div({ flexDirection: 'column' }, [
        div({ fontSize: 34, fontWeight: 700, color: C.text }, view.coin ?? view.title),
        div({ fontSize: 22, color: C.muted, marginTop: 4 }, view.span),
      ]),
    ]),
    div(
      {
        padding: '8px 20px',
        borderRadius: 999,
        // A liquidation is the trader's own exit, not the take-profit: amber, as the web app shows it.
        border: `2px solid ${view.badge === 'LIQUIDATED' ? 'rgba(245,158,11,0.45)' : 'rgba(34,197,94,0.45)'}`,
        background: view.badge === 'LIQUIDATED' ? 'rgba(245,158,11,0.12)' : 'rgba(34,197,94,0.14)',
        color: view.badge === 'LIQUIDATED' ? '#fbbf24' : C.gain,
        fontSize: 20,
        fontWeight: 800,
        letterSpacing: 2,
      },
      view.badge,
    ),
  ]);

const headline = (view: ShareView) =>
  div({ flexDirection: 'column', marginTop: 30 }, [
    div({ fontSize: 22, fontWeight: 700, letterSpacing: 3, color: C.muted }, view.eyebrow.toUpperCase()),
    div(
      {
        fontSize: 100,
        fontWeight: 800,
        letterSpacing: -4,
        lineHeight: 1.1,
        color: toneColour(view.tone),
        marginTop: 4,
      },
      view.headline,
    ),
    div({ fontSize: 26, color: C.muted, marginTop: 2 }, view.subline),
  ]);

const facts = (view: ShareView) =>
  div(
    { gap: 16, marginTop: 'auto' },
    view.facts.map((fact) =>
      div(
        {
          flexDirection: 'column',
          flex: 1,
          padding: '16px 20px',
          borderRadius: 16,
          border: `2px solid ${C.border}`,
          background: 'rgba(11,14,20,0.55)',
        },
        [
          div(
            { fontSize: 17, fontWeight: 700, letterSpacing: 1.5, color: C.muted },
            fact.label.toUpperCase(),
          ),
          div({ fontSize: 34, fontWeight: 800, color: C.text, marginTop: 4 }, fact.value),
        ],
      ),
    ),
  );

/** The sharer's code as a green pill: what a visitor types, or finds in the page's join link. */
const referralPill = (code: string) =>
  div(
    {
      padding: '6px 16px',
      borderRadius: 999,
      border: '2px solid rgba(34,197,94,0.45)',
      background: 'rgba(34,197,94,0.14)',
      color: C.gain,
      fontSize: 20,
      fontWeight: 700,
    },
    `Join with code ${code}`,
  );

const footer = (view: ShareView) =>
  div({ alignItems: 'center', justifyContent: 'space-between', marginTop: 24 }, [
    div({ alignItems: 'center', gap: 12 }, [
      div(
        {
          width: 32,
          height: 32,
          borderRadius: 8,
          background: C.accent,
          alignItems: 'center',
          justifyContent: 'center',
        },
        // A tick drawn with two borders: the bundled Latin subset of Inter has no check-mark glyph.
        div({
          width: 9,
          height: 16,
          marginTop: -4,
          borderRight: '3px solid #04130a',
          borderBottom: '3px solid #04130a',
          transform: 'rotate(45deg)',
        }),
      ),
      div({ fontSize: 26, fontWeight: 800, letterSpacing: 4, color: C.text }, 'CDCA'),
    ]),
    view.referralCode
      ? div({ alignItems: 'center', gap: 16 }, [
          div({ fontSize: 20, color: C.muted }, 'Verified from the recorded fills'),
          referralPill(view.referralCode),
        ])
      : div({ fontSize: 20, color: C.muted }, 'Verified: computed by CDCA from the recorded fills'),
  ]);

const cardTree = (view: ShareView) =>
  div(
    {
      width: CARD_WIDTH,
      height: CARD_HEIGHT,
      flexDirection: 'column',
      padding: '44px 56px 36px',
      boxSizing: 'border-box',
      fontFamily: 'Inter',
      color: C.text,
      backgroundColor: '#111520',
      backgroundImage:
        'radial-gradient(circle at 100% 0%, rgba(34,197,94,0.20), rgba(34,197,94,0) 55%), linear-gradient(180deg, #1a1f2e, #111520)',
    },
    [header(view), headline(view), facts(view), footer(view)],
  );

/**
 * svg: what satori drew (glyphs are paths in it); text: every string satori laid out, in order, so a test can
 * check what the image says (a "% only" card has no dollar figure) before it is rasterised.
 */
export type CardSvg = { svg: string; text: string[] };
export type RenderedCard = CardSvg & { png: Buffer };

/**
 * satori and resvg are loaded by the first card drawn, not at start: a server that draws no card does not hold
 * them (~35 MB resident; docs/decisions/memory.md).
 */
export const renderCardSvg = async (view: ShareView): Promise<CardSvg> => {
  const { default: satori } = await import('satori');
  const text: string[] = [];
  const svg = await satori(cardTree(view), {
    width: CARD_WIDTH,
    height: CARD_HEIGHT,
    fonts: loadFonts(),
    onNodeDetected: (node) => {
      if (node.textContent) text.push(node.textContent);
    },
  });
  return { svg, text };
};

export const renderCard = async (view: ShareView): Promise<RenderedCard> => {
  const [card, { Resvg }] = await Promise.all([renderCardSvg(view), import('@resvg/resvg-js')]);
  const png = new Resvg(card.svg, { fitTo: { mode: 'width', value: CARD_WIDTH } }).render().asPng();
  return { ...card, png };
};
