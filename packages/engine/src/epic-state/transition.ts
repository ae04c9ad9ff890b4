import { EPIC_TRANSITIONS, type EpicEvent, type EpicState } from './epic-transitions.ts';

export type IllegalTransition = {
  code: 'illegal-transition';
  from: EpicState;
  event: EpicEvent;
  message: string;
};

export type TransitionResult = { ok: true; state: EpicState } | { ok: false; error: IllegalTransition };

/** The next state for this event, or why the table refuses it. */
export const transition = (state: EpicState, event: EpicEvent): TransitionResult => {
  const next = EPIC_TRANSITIONS[state][event];
  if (next) return { ok: true, state: next };
  return {
    ok: false,
    error: {
      code: 'illegal-transition',
      from: state,
      event,
      message: `An epic that is ${state} cannot take ${event}.`,
    },
  };
};
