// Opens a wa.me or mailto link the way a tap on a real link does (a new tab for the web, the mail app for
// mailto), so phones hand it to the right app and pop-up blockers let it through.
export function openExternal(url: string) {
  const link = document.createElement('a');
  link.href = url;
  if (!url.startsWith('mailto:')) {
    link.target = '_blank';
    link.rel = 'noopener noreferrer';
  }
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
}
