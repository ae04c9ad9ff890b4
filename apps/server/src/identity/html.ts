const replacements: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Everything a page echoes (e-mails, error text, URLs) passes through here; attributes are always double-quoted. */
export const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (char) => replacements[char] ?? char);
