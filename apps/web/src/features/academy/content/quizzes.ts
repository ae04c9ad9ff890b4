/**
 * One quiz per lesson, keyed by the lesson's slug. `answer` is the index of the right choice in `choices`, so
 * the academy can mark an answer in the browser; `why` is shown after answering and explains the right choice.
 */
export type Question = {
  prompt: string;
  choices: string[];
  answer: number;
  why: string;
};

export const QUIZZES: Record<string, Question[]> = {
  'exchange-account': [
    {
      prompt: 'Where is your money while an epic runs?',
      choices: [
        'In a CDCA wallet',
        'On your own exchange account',
        'Split between CDCA and the exchange',
        'In a smart contract',
      ],
      answer: 1,
      why: 'CDCA never holds funds. Dollars and coins stay on your exchange account; CDCA only places and cancels orders there.',
    },
    {
      prompt: 'Which currency do epics spend?',
      choices: ['Any coin in the portfolio', 'USDC only', 'US dollars (USD markets such as BTC-USD)', 'BTC'],
      answer: 2,
      why: 'Epics trade USD markets, and the planner counts your USD balance; a market quoted in anything else is refused.',
    },
    {
      prompt:
        'You have $3,000 USD and one unfinished epic that may still spend $1,200. How much can a new epic use?',
      choices: ['$3,000', '$1,800', '$1,200', 'Nothing until the first epic closes'],
      answer: 1,
      why: 'Free funds are the USD balance minus what unfinished epics may still spend: $3,000 − $1,200 = $1,800.',
    },
    {
      prompt: 'Why does a $1,000.00 epic need a little more than $1,000.00 free?',
      choices: [
        'CDCA charges a deposit',
        'Buy fees and a small reserve for level 1 come on top of the budget',
        'The budget is rounded up to the next $10',
        'It does not; $1,000.00 is enough',
      ],
      answer: 1,
      why: 'Funds required = the coins’ cost + estimated buy fees + a reserve for level 1 paying up to 0.5 % over its planned price ($1,004.13 in the lesson’s example).',
    },
  ],
  community: [
    {
      prompt: 'Where is beta access granted?',
      choices: [
        'By e-mail from support',
        'In the CDCA Discord server',
        'On Coinbase',
        'Automatically at sign-up',
      ],
      answer: 1,
      why: 'Access in beta is gated by the community chat server: the sign-up step opens the Discord invite.',
    },
    {
      prompt: 'Someone in the chat offers to check your setup if you send them your API key. What do you do?',
      choices: [
        'Send only the key name',
        'Send it, since the key cannot transfer anyway',
        'Never share it; CDCA asks for it only in the API key form',
        'Send a screenshot instead',
      ],
      answer: 2,
      why: 'A trading key can still place orders. Keys belong in the API key form only, never in chats, tickets or shared images.',
    },
    {
      prompt: 'A member shares a screenshot of an epic that made 8 %. What does it tell you?',
      choices: [
        'What the same settings will make next week',
        'What happened to one coin over one period',
        'That the coin is safe',
        'That a stop is unnecessary',
      ],
      answer: 1,
      why: 'A result describes the past on one coin. It is not a forecast, and losses are shared less often than wins.',
    },
  ],
  'api-keys': [
    {
      prompt: 'Which permissions must a key have for CDCA to accept it?',
      choices: [
        'View only',
        'View and Trade, without Transfer',
        'View, Trade and Transfer',
        'Trade and Transfer',
      ],
      answer: 1,
      why: 'The engine must read balances and fills (View) and place orders (Trade). A key with Transfer is refused outright.',
    },
    {
      prompt: 'Why is a key with the Transfer permission refused, even though CDCA would never use it?',
      choices: [
        'Coinbase requires it',
        'Transfer keys are slower',
        'If the key ever leaked, it could not be used to move your funds away',
        'Transfer keys cannot trade',
      ],
      answer: 2,
      why: 'Refusing it makes the safe choice the only choice: a leaked View-and-Trade key can place orders but can never withdraw your money.',
    },
    {
      prompt: 'You revoke the key on Coinbase while an epic is running. What happens to the epic?',
      choices: [
        'It keeps trading',
        'It closes with a profit',
        'It moves to Error, because the exchange refuses its orders',
        'It sells everything',
      ],
      answer: 2,
      why: 'Without a working key the exchange refuses the engine for good: Error. Connect a working key, then cancel or liquidate.',
    },
    {
      prompt: 'Can you remove your key in CDCA while epics are still running with it?',
      choices: [
        'Yes, the epics pause',
        'No: close or cancel those epics first',
        'Yes, the epics switch to paper trading',
        'Only on weekends',
      ],
      answer: 1,
      why: 'Removing the key would strand the running epics, so CDCA refuses until they are closed or cancelled.',
    },
  ],
  'first-epic': [
    {
      prompt: 'What happens to level 1 when you press Create Epic?',
      choices: [
        'It waits for the price to fall',
        'It is bought at once, at about the current price',
        'It is bought when the price rises 1 %',
        'Nothing until you confirm on Coinbase',
      ],
      answer: 1,
      why: 'Level 1 is a marketable limit buy: it fills at once at the best ask (up to a 0.5 % slippage cap).',
    },
    {
      prompt: 'In the lesson’s ladder ($500.00 on BTC-USD, 4 levels, 3 % apart), where is level 2?',
      choices: ['$94,332.50', '$97,250.00', '$100,167.50', '$88,757.44'],
      answer: 0,
      why: '$97,250.00 × (1 − 0.03) = $94,332.50: one buy-spread step below the reference price.',
    },
    {
      prompt: 'What does the take-profit do after each new level fills?',
      choices: [
        'Stays where it was',
        'Moves to the new average buy price plus the sell spread',
        'Moves up by the buy spread',
        'Is cancelled for good',
      ],
      answer: 1,
      why: 'Each fill lowers the average buy price, and the take-profit is re-placed at that average × (1 + sell spread).',
    },
    {
      prompt: 'Does the preview in the form match what the engine will place?',
      choices: [
        'Roughly',
        'Yes: it runs the same planning code as the server',
        'Only for Bitcoin',
        'No, the server rounds differently',
      ],
      answer: 1,
      why: 'The browser’s preview and the server’s validation run the same planEpic function on the same product rules and price.',
    },
  ],
  monitoring: [
    {
      prompt: '“Levels filled 2/4” means…',
      choices: [
        'Two levels are partly filled',
        'Two of four levels have filled their whole planned size',
        'Two levels are left to fill',
        'The epic is half sold',
      ],
      answer: 1,
      why: 'A level counts only once its whole planned size has filled; a partly filled level is still being bought.',
    },
    {
      prompt: 'An epic shows Warning because the account lacks USD for a buy. What does the engine do?',
      choices: [
        'Liquidates the epic',
        'Retries by itself and returns to Active once the cause is gone',
        'Deletes the epic',
        'Waits for you to press Retry',
      ],
      answer: 1,
      why: 'Warning is for recoverable trouble (funds, exchange down, rate limits): the engine retries with back-off and recovers on its own.',
    },
    {
      prompt: 'Which status needs you to act?',
      choices: ['Processing', 'Pending', 'Error', 'Active'],
      answer: 2,
      why: 'Error means the exchange refuses for good, usually a revoked key: reconnect a working key, then cancel or liquidate.',
    },
    {
      prompt: 'In the lesson’s ladder, level 2 fills. What happens to the take-profit at $100,768.51?',
      choices: [
        'It stays',
        'It is cancelled and a new one placed at $98,178.92',
        'It becomes a market order',
        'It is raised to $103,000.00',
      ],
      answer: 1,
      why: 'The new average ($95,319.34) × 1.03, rounded up to the cent, is $98,178.92, so the old sell is replaced.',
    },
  ],
  closing: [
    {
      prompt: 'What closes an epic automatically?',
      choices: ['A timer', 'Its take-profit sell filling', 'The last level filling', 'The stop'],
      answer: 1,
      why: 'When the take-profit sells everything held, the epic goes to Hit, its unfilled buys are cancelled, and it closes.',
    },
    {
      prompt: 'What does Cancel epic do with the coins already bought?',
      choices: [
        'Sells them at market',
        'Keeps them in your exchange account',
        'Sells them at the take-profit price',
        'Moves them to a new epic',
      ],
      answer: 1,
      why: 'Cancel cancels every open order and sells nothing; the coins stay yours to manage.',
    },
    {
      prompt: 'How is an epic’s profit computed?',
      choices: [
        'Sell price − buy price',
        'Sell proceeds − all fees − cost, rounded down to the cent',
        'Budget × sell spread',
        'Proceeds − budget',
      ],
      answer: 1,
      why: 'Profit counts every fee, buys and sells, and is rounded down so it is never shown larger than what happened.',
    },
    {
      prompt:
        'You press Cancel, but the take-profit filled on the exchange a moment earlier. How does the epic end?',
      choices: ['Cancelled', 'Closed, with the sale’s profit', 'Error', 'Liquidated'],
      answer: 1,
      why: 'The sale really happened, so the engine books it: the epic goes from Cancelling to Hit and closes.',
    },
  ],
  'stats-and-sharing': [
    {
      prompt: 'An epic bought $10 and sold $20 of coins. What is its volume?',
      choices: ['$10', '$20', '$30', '$10 profit'],
      answer: 2,
      why: 'Volume is bought plus sold, before fees: $10 + $20 = $30.',
    },
    {
      prompt: 'Why can a closed epic never show a loss?',
      choices: [
        'Losses are hidden',
        'The take-profit is never placed below break-even',
        'Fees are refunded',
        'Closed epics are not counted',
      ],
      answer: 1,
      why: 'The take-profit is floored at break-even after all fees, so a closed epic makes money. Liquidated ones can lose.',
    },
    {
      prompt: 'What belongs in a result you share?',
      choices: [
        'Your API key name',
        'Your exchange balance',
        'The setup (coin, budget, levels, spreads, load) with the result',
        'Only the winners',
      ],
      answer: 2,
      why: 'A result teaches something only with its setup, and sharing losses as well keeps the picture honest. Never share keys.',
    },
  ],
  'going-further': [
    {
      prompt: 'Does a beginner skill level lock any epic settings?',
      choices: [
        'Yes, direction is locked',
        'No: the form only starts simpler, and All settings opens the rest',
        'Yes, stops are locked',
        'Yes, until ten epics have closed',
      ],
      answer: 1,
      why: 'The skill level chooses the starting values and which knobs show first; every level can open All settings.',
    },
    {
      prompt: 'Which setting does an expert see at first that an intermediate does not?',
      choices: ['Budget', 'Stop spread', 'Direction', 'Sell spread'],
      answer: 2,
      why: 'Intermediate adds scaling, load and stop; expert also shows direction.',
    },
    {
      prompt: 'What shape do all three skill levels start with?',
      choices: [
        'Front-loaded, buying above',
        'Back-loaded, buying below, no stop',
        'Hedge, above-below, 5 % stop',
        'Exponential front-load',
      ],
      answer: 1,
      why: 'Every default is back-loaded, buys below the price, and has no stop; they differ in budget, levels and spreads.',
    },
  ],
  risk: [
    {
      prompt:
        'An epic without a stop has filled every level and the coin keeps falling. What does the epic do?',
      choices: [
        'Sells at break-even',
        'Holds the coins and waits, for as long as it takes',
        'Buys more automatically',
        'Cancels itself after 30 days',
      ],
      answer: 1,
      why: 'Without a stop an epic never sells at a loss by itself; it waits, and nothing guarantees the price comes back.',
    },
    {
      prompt:
        'In the lesson, the fully filled $1,000.00 ladder makes $8.94 at its take-profit. What does selling at $77,800.00 cost?',
      choices: ['$8.94', '$20.00', '$157.42', 'Nothing, DCA protects it'],
      answer: 2,
      why: 'Small wins, big possible losses: selling 0.01094771 BTC at $77,800.00 after fees loses $157.42 against $1,004.03 spent.',
    },
    {
      prompt: 'A stop fires. Can the sale fill below the stop price?',
      choices: [
        'No, never',
        'Yes: it is a market sale, and in a fast fall buyers may pay less',
        'Only on the paper exchange',
        'Only if the epic is front-loaded',
      ],
      answer: 1,
      why: 'The stop sells at the market; the stop price is when it fires, not a guaranteed fill price.',
    },
    {
      prompt: 'How much should you put into epics?',
      choices: [
        'As much as possible, DCA lowers the risk',
        'Only what you can afford to lose',
        'Borrowed money, since profits are steady',
        'Your whole portfolio on one coin',
      ],
      answer: 1,
      why: 'DCA into a falling coin can lose money. Budget only what you can lose; nothing here is a promise of profit.',
    },
  ],
  'level-prices': [
    {
      prompt: 'What price does level 1 use?',
      choices: [
        'The last trade',
        'The best ask when the epic is planned',
        'The 24 h average',
        'The best bid',
      ],
      answer: 1,
      why: 'The reference price P is the best ask, the lowest price anyone sells at, because level 1 buys from it at once.',
    },
    {
      prompt:
        'BTC-USD at $97,250.00, 2 % apart, buying below. Level 4 is $91,530.922 before rounding. What does the engine use?',
      choices: ['$91,530.93', '$91,530.92', '$91,531.00', '$91,530.00'],
      answer: 1,
      why: 'Levels below P round down to the price step, so no level is nearer to P than planned.',
    },
    {
      prompt: 'How is a level above the current price bought?',
      choices: [
        'A resting post-only order on the exchange',
        'The engine watches the ask and buys when it reaches the level (taker fee)',
        'It is bought at once',
        'By a stop order on Coinbase',
      ],
      answer: 1,
      why: 'Above-levels are engine-side triggers; when the ask reaches the level price the engine sends a buy at that ask.',
    },
    {
      prompt: 'Why is a buy spread under 0.1 % refused?',
      choices: [
        'Coinbase forbids it',
        'Neighbouring levels would sit inside the bid-ask gap and the fee, buying nothing new',
        'It would need too many orders',
        'It makes the stop fire',
      ],
      answer: 1,
      why: 'Levels that close together buy nothing the first did not, after the spread and the fee are paid.',
    },
  ],
  'scaling-and-load': [
    {
      prompt: 'Quadratic scaling with back-load on 5 levels: what share of the budget does level 5 get?',
      choices: ['1/5', '25/55', '16/31', '8/19'],
      answer: 1,
      why: 'Quadratic weights are 1, 4, 9, 16, 25 (sum 55); back-load gives the largest, 25, to the deepest level.',
    },
    {
      prompt: 'Where do the cents left over by rounding go?',
      choices: ['Back to your balance', 'To the heaviest level', 'To level 1', 'To fees'],
      answer: 1,
      why: 'Shares are floored to the cent, and the left-over cents go to the heaviest level, so the shares add up to the budget exactly.',
    },
    {
      prompt: 'Which load pulls the average furthest down if every level fills?',
      choices: ['Front', 'Hedge', 'Back', 'They are the same'],
      answer: 2,
      why: 'Back-load puts the most money at the lowest prices: $91,711.86 against $95,928.05 for front-load in the lesson.',
    },
    {
      prompt: 'What is the cost of a back-load?',
      choices: [
        'Higher fees',
        'On a shallow dip it has bought very little, so the profit is small',
        'It cannot have a stop',
        'It only works above the price',
      ],
      answer: 1,
      why: 'If the price turns after level 1, a back-loaded epic sells only its small first level, and the profit is cents.',
    },
  ],
  'fees-and-break-even': [
    {
      prompt: 'Which fee does a resting level below the price pay?',
      choices: ['Taker, 0.60 %', 'Maker, 0.40 %', 'No fee', '1 %'],
      answer: 1,
      why: 'Levels below the price rest as post-only orders, so they are makers (0.40 % at Coinbase’s entry tier).',
    },
    {
      prompt: 'Your average buy price is $97,833.50 and the sell fee assumed is 0.60 %. What is break-even?',
      choices: ['$97,833.50', '$98,424.05', '$98,420.50', '$97,250.00'],
      answer: 1,
      why: 'Break-even = average ÷ (1 − sell fee) = $97,833.50 ÷ 0.994, rounded up to the cent: $98,424.05.',
    },
    {
      prompt: 'Why is a 0.5 % sell spread refused?',
      choices: [
        'It is below the minimum order',
        'The take-profit would sell below break-even once the sell fee is paid',
        'It is too close to the stop',
        'Coinbase does not accept it',
      ],
      answer: 1,
      why: 'The buy fees are in the average already, but the 0.60 % sell fee is not: a 0.5 % spread cannot cover it.',
    },
    {
      prompt:
        'Levels filled out of order and rounding left the take-profit a hair under break-even. What does the engine do?',
      choices: [
        'Sells at a small loss',
        'Raises the take-profit to break-even',
        'Cancels the epic',
        'Waits for the next level',
      ],
      answer: 1,
      why: 'One rule prices every take-profit, and it floors the price at break-even: a take-profit never sells at a loss.',
    },
  ],
  'budget-and-minimums': [
    {
      prompt: 'What is the smallest order value on Coinbase’s USD markets (and the paper exchange)?',
      choices: ['$0.01', '$1.00', '$10.00', '$100.00'],
      answer: 1,
      why: 'Every order must be worth at least $1.00, so every level’s share must be too.',
    },
    {
      prompt: 'A $20.00 budget with 5 quadratic back-loaded levels is refused. Why?',
      choices: [
        'The budget is below $100',
        'Level 1 would get $0.36, under the $1.00 minimum',
        'Quadratic needs 10 levels',
        'BTC cannot be bought with $20',
      ],
      answer: 1,
      why: 'Level 1’s weight is 1 of 55, and $20.00 × 1/55 = $0.36: under the minimum order.',
    },
    {
      prompt: 'Which advice does the form give for that plan?',
      choices: [
        'Raise the budget to $55.00, or use at most 3 levels',
        'Use exponential scaling',
        'Lower the sell spread',
        'Try again later',
      ],
      answer: 0,
      why: 'The engine re-plans changed inputs and offers only changes that make every level fit: $55.00, or 3 levels at $20.00.',
    },
    {
      prompt: 'Why is a level’s size rounded down to the exchange’s size step?',
      choices: [
        'To pay lower fees',
        'So a level never costs more than its share of the budget',
        'Because Coinbase rounds up',
        'To leave room for the stop',
      ],
      answer: 1,
      why: 'Rounding down keeps every level within its share; the fraction of a cent left over is shown as unspent.',
    },
  ],
  'take-profit-repricing': [
    {
      prompt: 'How much does the take-profit sell?',
      choices: [
        'Only the last level',
        'Everything the epic holds',
        'Half of the position',
        'The budget in dollars',
      ],
      answer: 1,
      why: 'There is one take-profit at a time, for everything held (rounded down to the size step).',
    },
    {
      prompt: 'Does a partial buy fill move the take-profit?',
      choices: [
        'No, only complete levels do',
        'Yes: every fill changes the average and the take-profit follows',
        'Only on level 1',
        'Only if it is more than half the level',
      ],
      answer: 1,
      why: 'A partial fill is just a smaller fill: it is booked and the take-profit is re-priced for what is now held.',
    },
    {
      prompt:
        'Why does the engine wait for the old take-profit’s cancel to be confirmed before placing the new one?',
      choices: [
        'To save fees',
        'So the old and new sells never both offer the same coins',
        'Coinbase requires a pause',
        'To let the price move',
      ],
      answer: 1,
      why: 'Waiting (and booking any sale the cancel reports) means the coins are never offered twice.',
    },
    {
      prompt:
        'Levels 1 and 3 filled, then level 2. Compared with filling 1, 2, 3 in order, the take-profit is…',
      choices: ['Higher', 'Lower', 'The same: $96,012.82', 'Removed'],
      answer: 2,
      why: 'The take-profit depends only on what was bought and paid, not on the order: both give $96,012.82.',
    },
  ],
  'stops-and-liquidation': [
    {
      prompt: 'Where is a 5 % stop on a 5-level ladder buying below?',
      choices: [
        '5 % under today’s price',
        '5 % under the lowest level, rounded down',
        '5 % under the average buy price',
        '5 % under the take-profit',
      ],
      answer: 1,
      why: 'stop = lowest level price × (1 − 5 %), rounded down: $89,700.30 × 0.95 → $85,215.28 in the lesson.',
    },
    {
      prompt: 'What makes the stop fire?',
      choices: [
        'The last trade touching the stop',
        'The bid falling to the stop price or below',
        'The ask rising',
        'A daily check at midnight',
      ],
      answer: 1,
      why: 'The engine watches the bid, the price you could actually sell at.',
    },
    {
      prompt: 'At the stop price everything bought would be worth $0.99. What does the plan do?',
      choices: [
        'Refuses the plan',
        'Accepts it with a stop-never-sells warning and names the widest stop spread that works',
        'Sells at $1.00 anyway',
        'Removes the stop silently',
      ],
      answer: 1,
      why: 'A sale under the $1.00 minimum cannot happen, so the form warns and computes a fix (89.99 % in the lesson).',
    },
    {
      prompt: 'If a liquidation would be under the exchange’s minimum, how does the epic end?',
      choices: [
        'Error',
        'Liquidated, with the coins left in your account and a note saying why',
        'It retries forever',
        'Closed',
      ],
      answer: 1,
      why: 'The engine does not send an order the exchange would refuse: the dust stays on your account and the epic ends Liquidated.',
    },
  ],
};
