import { TickMarkType, type Time } from 'lightweight-charts';

/**
 * lightweight-charts labels time in UTC; traders read their own clock. Times arrive as UTC seconds (we never
 * pass business-day strings), so they are formatted in the browser's time zone here.
 */
const asDate = (time: Time): Date => new Date(typeof time === 'number' ? time * 1000 : String(time));

const formats = {
  year: new Intl.DateTimeFormat('en-US', { year: 'numeric' }),
  month: new Intl.DateTimeFormat('en-US', { month: 'short' }),
  day: new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' }),
  time: new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' }),
  full: new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }),
};

export const localTickMark = (time: Time, type: TickMarkType): string => {
  const date = asDate(time);
  switch (type) {
    case TickMarkType.Year:
      return formats.year.format(date);
    case TickMarkType.Month:
      return formats.month.format(date);
    case TickMarkType.DayOfMonth:
      return formats.day.format(date);
    default:
      return formats.time.format(date);
  }
};

export const localTime = (time: Time): string => formats.full.format(asDate(time));
