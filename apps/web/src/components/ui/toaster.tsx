import { useSyncExternalStore } from 'react';
import { loadedToastify, onToastifyLoaded } from '@/lib/toast.ts';

/**
 * The toast container (docs/product.md §2: top-right, 3 s, at most 5, newest on top, dark, click to close, pause
 * on hover), mounted once the first toast has loaded react-toastify (lib/toast.ts) — nothing before that.
 */
export const Toaster = () => {
  const toastify = useSyncExternalStore(onToastifyLoaded, loadedToastify, loadedToastify);
  if (!toastify) return null;
  const { ToastContainer, Slide } = toastify;
  return (
    <ToastContainer
      position="top-right"
      autoClose={3000}
      limit={5}
      newestOnTop
      theme="dark"
      closeOnClick
      pauseOnHover
      transition={Slide}
    />
  );
};
