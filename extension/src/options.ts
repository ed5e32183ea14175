// The options page: the address of the Feedloom app that "Add to Feedloom" opens.

import { loadAppUrl, saveAppUrl } from './app-settings';
import { parseAppUrl } from './app-url';
import { requiredElement } from './required-element';

const form = requiredElement('options-form', HTMLFormElement);
const input = requiredElement('app-url', HTMLInputElement);
const status = requiredElement('status', HTMLParagraphElement);

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
    () => showStatus('Saved.', false),
    () => showStatus('Could not save the address. Try again.', true),
  );
});

input.addEventListener('input', () => showStatus('', false));

void loadAppUrl().then((appUrl) => {
  input.value = appUrl;
  document.body.dataset.ready = 'true';
});
