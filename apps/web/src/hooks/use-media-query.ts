import { useSyncExternalStore } from 'react';
import { isMobileWidth, type WidthClass, widthClassOf } from './width-class.ts';

/** True while the CSS media query matches. */
export const useMediaQuery = (query: string): boolean =>
  useSyncExternalStore(
    (notify) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', notify);
      return () => list.removeEventListener('change', notify);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );

const subscribeResize = (notify: () => void) => {
  window.addEventListener('resize', notify);
  return () => window.removeEventListener('resize', notify);
};

export const useWidthClass = (): WidthClass =>
  useSyncExternalStore(
    subscribeResize,
    () => widthClassOf(window.innerWidth),
    () => 'lg',
  );

export const useIsMobile = (): boolean => isMobileWidth(useWidthClass());
