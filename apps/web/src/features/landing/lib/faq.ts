export type FaqItem = { id: string; question: string; answer: string[] };

/** The landing page's questions; the public support page searches the same list. */
export const FAQ_ITEMS: readonly FaqItem[] = [
  {
    id: 'funds',
    question: 'Does CDCA hold my money?',
    answer: [
      'No. Your money stays on your own exchange account the whole time. CDCA places orders there through API keys that can view and trade but cannot transfer or withdraw — we refuse any key that has the transfer permission.',
    ],
  },
  {
    id: 'epic',
    question: 'What is an epic?',
    answer: [
      'An epic is one automated position on one coin. You set a budget and a number of DCA levels; CDCA splits the budget over the levels, buys the first one at once and the rest as the price moves through them.',
      'A single take-profit order sells everything at your average buy price plus your sell spread. When it fills, the epic closes by itself and moves to your history.',
    ],
  },
  {
    id: 'cost',
    question: 'What does it cost?',
    answer: [
      'Nothing until your epics have made you $100. After that the Standard plan is billed every 30 days, with 5 days to pay each invoice. Usage fees only apply to trading volume beyond $500k in a cycle.',
      'Referral and launch codes lower the price for the life of your account — the launch-day deal takes $15 off for life.',
    ],
  },
  {
    id: 'payment',
    question: 'How do I pay?',
    answer: [
      'Only in crypto, through a hosted payment link: any coin and any wallet. We recommend USDC, so the amount you send is the amount you owe.',
    ],
  },
  {
    id: 'portfolio',
    question: 'How much should I start with?',
    answer: [
      'We recommend a portfolio of at least $5k. Each DCA level is a slice of your budget, and every slice has to clear the exchange’s minimum order size with room to spare.',
    ],
  },
  {
    id: 'exchange',
    question: 'Which exchange does CDCA work with?',
    answer: [
      'Coinbase Advanced Trade. You need a verified account there; CDCA connects with a key you create in the Coinbase developer platform, and shows you step by step which permissions to tick.',
    ],
  },
  {
    id: 'losses',
    question: 'Can an epic lose money?',
    answer: [
      'Yes. Prices can keep falling after your last level, and then the epic waits with the coins it bought. An optional stop spread sells everything if the price drops past a limit you choose. Only trade money you can afford to hold through a downturn.',
    ],
  },
  {
    id: 'stop',
    question: 'Can I stop an epic or leave?',
    answer: [
      'Any time. Cancel an epic to keep the coins it bought, or liquidate it to sell them. Removing your API key stops CDCA from trading for you at once, and support deletes your account on request.',
    ],
  },
  {
    id: 'beta',
    question: 'How do I get into the beta?',
    answer: [
      'Join our community chat server: beta access is granted there, and it is where traders compare epics and ask for help.',
    ],
  },
];
