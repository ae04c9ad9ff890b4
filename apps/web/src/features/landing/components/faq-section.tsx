import styles from './landing.module.css';

const QUESTIONS = [
  [
    'Does CDCA hold my funds?',
    'No. Your money stays on your exchange account. CDCA places orders through API keys that can trade but cannot transfer or withdraw — keys with transfer permission are refused.',
  ],
  [
    'What is an epic?',
    'An automated position on one coin. Your budget is split over DCA levels; each level buys as price drops, and one take-profit order sells everything at your average buy price plus your sell spread.',
  ],
  [
    'What does it cost?',
    'Nothing until you make $100. After that the Standard plan is $64.98 per 30 days, paid in crypto, plus usage fees only for volume beyond $500k in a cycle.',
  ],
  [
    'Can an epic lose money?',
    'Yes. Crypto prices can keep falling after your last level. An optional stop spread sells everything if price drops past a limit you choose. Only trade what you can afford to hold.',
  ],
  [
    'How much should I start with?',
    'We recommend a portfolio of at least $5k so each DCA level is large enough to meet the exchange’s minimum order size.',
  ],
];

export const FaqSection = () => (
  <section id="questions" className={styles.section} aria-labelledby="faq-title">
    <span className={styles.eyebrow}>Questions</span>
    <h2 id="faq-title" className={styles.h2}>
      Frequently asked
    </h2>
    <div className={styles.faq}>
      {QUESTIONS.map(([question, answer]) => (
        <details key={question}>
          <summary>{question}</summary>
          <p>{answer}</p>
        </details>
      ))}
    </div>
  </section>
);
