import { createContext, type ReactNode, use } from 'react';

/** What the frame being rendered holds: the next frame down, or the page (app/account/router.tsx builds it). */
export const OutletContext = createContext<ReactNode>(null);

/** Where a frame (the shell, a section, a guard) renders what the address matched inside it. */
export const Outlet = () => use(OutletContext);
