/** Text made safe to put inside markup: what someone typed is shown as text, never run as markup. */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
