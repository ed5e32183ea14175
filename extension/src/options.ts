// The options page, also shown on first run: the address of the Feedloom app that "Add to Feedloom"
// opens, and where that address came from (saved, the app the zip was downloaded from, or the local
// development server), so it never points somewhere silently.

import { type AppUrlSource, resolveAppUrl, saveAppUrl } from './app-settings';
import { parseAppUrl } from './app-url';
import { requiredElement } from './required-element';

const form = requiredElement('options-form', HTMLFormElement);
const input = requiredElement('app-url', HTMLInputElement);
const status = requiredElement('status', HTMLParagraphElement);
const origin = requiredElement('app-url-origin', HTMLParagraphElement);

const ORIGIN_TEXT: Record<AppUrlSource, string> = {
  saved: 'You saved this address.',
  download: 'Taken from the Feedloom you downloaded the extension from. Save it, or change it if yours is elsewhere.',
  default: 'No Feedloom address is set yet: this is the local development server. Enter your Feedloom address.',
};

function showStatus(text: string, isError: boolean): void {
  status.textContent = text;
  status.classList.toggle('error', isError);
  input.setAttribute('aria-invalid', String(isError));
}

form.addEventListener('submit', (event) => {
  event.preventDefault();
  const result = parseAppUrl(input.value);
  if (!result.ok) {
    showStatus(result.message, true);
    input.focus();
    return;
  }
  input.value = result.appUrl;
  saveAppUrl(result.appUrl).then(
    () => {
      showStatus('Saved.', false);
      origin.textContent = ORIGIN_TEXT.saved;
    },
    () => showStatus('Could not save the address. Try again.', true),
  );
});

input.addEventListener('input', () => showStatus('', false));

void resolveAppUrl().then(({ appUrl, source }) => {
  input.value = appUrl;
  origin.textContent = ORIGIN_TEXT[source];
  origin.dataset.source = source;
  document.body.dataset.ready = 'true';
});
