// Digests in Chromium (issue 4's "Done when"), with no AI keys so the offline model answers: validate and
// save the AI preferences and the email settings (another delivery address confirms by link), send a
// digest now and find it in /dev/mailbox, its generations on /ai-generated.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInWithLoomFeed, waitForMail } from './ai-fixtures';
import { url } from './app';
import type { Browser } from './browser';

const digestAddress = `digests.${Date.now()}@example.com`;

describe('digests in the browser', () => {
  let desktop: Browser;
  let page: Page;

  beforeAll(async () => {
    ({ desktop, page } = await signInWithLoomFeed('grace'));
  });

  afterAll(async () => {
    await desktop?.close();
  });

  it('validates and saves the AI preferences, then shows the next delivery', async () => {
    await page.goto(url('/preferences'));
    await page.getByRole('heading', { name: 'AI Preferences' }).waitFor();
    await page.getByLabel('Digest frequency').selectOption('daily');
    for (const type of ['Text Summary', 'Topic Analysis', 'Visual Content', 'Recommendations']) {
      await page.getByRole('checkbox', { name: new RegExp(type) }).uncheck();
    }
    await page.getByRole('button', { name: 'Save Preferences' }).click();
    await page.getByText('At least one content type must be selected').waitFor();

    await page.getByRole('checkbox', { name: /Text Summary/ }).check();
    await page.getByRole('checkbox', { name: /Visual Content/ }).check();
    await page.getByRole('radio', { name: /Brief/ }).check();
    await page.getByLabel('Writing style').selectOption('casual');
    await page.getByRole('button', { name: 'Save Preferences' }).click();
    await page.getByText('Preferences saved', { exact: true }).waitFor();
    await page.getByText(/Next delivery: (Today|Tomorrow) at \d{1,2}:00 [AP]M \(Daily\)/).waitFor();

    await page.reload();
    await page.getByRole('heading', { name: 'AI Preferences' }).waitFor();
    expect(await page.getByLabel('Writing style').inputValue()).toBe('casual');
    expect(await page.getByRole('checkbox', { name: /Topic Analysis/ }).isChecked()).toBe(false);
  });

  it('validates and saves the email settings at #email-settings', async () => {
    await page.goto(url('/preferences#email-settings'));
    const section = page.locator('#email-settings');
    await section.getByLabel('Delivery email').fill('not-an-email');
    await section.getByLabel('Email subject template').fill('');
    await section.getByRole('button', { name: 'Save Email Settings' }).click();
    await section.getByText('Please enter a valid email address').waitFor();
    await section.getByText('Email subject template is required').waitFor();

    await section.getByLabel('Delivery email').fill(digestAddress);
    await section.getByRole('radio', { name: /Plain text/ }).check();
    await section.getByLabel('Email subject template').fill('Loom digest for {date}');
    await section.getByRole('button', { name: 'Save Email Settings' }).click();
    await page.getByText('Email settings saved', { exact: true }).waitFor();
    // Another address only gets a confirmation link until its owner follows it (issue 10 H1).
    await section.getByText(`Waiting for confirmation: we sent a link to ${digestAddress}`).waitFor();
    const confirmation = await waitForMail(digestAddress);
    expect(confirmation.subject).toBe('Confirm that Feedloom may email you');
    const link = /http\S+\/auth\/confirm-delivery\?token=[\w-]+/.exec(confirmation.text)?.[0] ?? '';
    await page.goto(link);
    await page.getByRole('button', { name: 'Confirm Address' }).click();
    await page.getByText(`Feedloom digests for this account will be sent to ${digestAddress}.`).waitFor();
    await page.goto(url('/preferences'));
  });

  it('sends a digest now and finds it in /dev/mailbox', async () => {
    await page.getByRole('button', { name: 'Send me a digest now' }).click();
    await page.getByText('Digest requested', { exact: true }).waitFor();

    const mail = await waitForMail(digestAddress, (candidate) =>
      candidate.subject.startsWith('Feedloom digest: Loom digest for '),
    );
    expect(mail.subject).toMatch(/^Feedloom digest: Loom digest for /);
    await page.goto(url('/dev/mailbox'));
    await page
      .getByRole('button', { name: new RegExp(mail.subject) })
      .first()
      .click();
    await page
      .getByRole('article', { name: 'Selected email' })
      .getByText(`To ${digestAddress}`, { exact: false })
      .waitFor();

    // The digest's generations show on /ai-generated. Without an image key the visual content
    // has no image: its card says why, shows the image placeholder and offers a new image.
    await page.goto(url('/ai-generated'));
    await page.getByRole('article').filter({ hasText: 'Text Summary' }).first().waitFor();
    const visual = page.getByRole('article').filter({ hasText: 'Visual Content' }).first();
    await visual.getByText(/Replicate/).waitFor();
    expect(await visual.getByText('No image yet').isVisible()).toBe(true);
    expect(await visual.getByRole('button', { name: 'Regenerate image' }).isVisible()).toBe(true);
    await page.getByText(/Next delivery: .* \(Daily\)/).waitFor();
  });
});
