/** docs/product.md §2: the badge shows the unread count, '99+' above 99, nothing at zero. */
export const badgeLabel = (unread: number): string => {
  if (unread <= 0) return '';
  return unread > 99 ? '99+' : String(unread);
};
