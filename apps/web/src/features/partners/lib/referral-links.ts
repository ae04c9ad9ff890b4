/** The two links a partner shares (docs/product.md §2): the landing page and straight to sign-in, both with `rc`. */
export const referralLinks = (origin: string, code: string) => {
  const rc = encodeURIComponent(code);
  return { landing: `${origin}/?rc=${rc}`, login: `${origin}/login?rc=${rc}` };
};
