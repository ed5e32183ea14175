// The landing page on its own, for visitors arriving at `/`: plain links, no router, no React Query.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { LandingPage } from './features/landing/components/landing-page';

export function mountLanding(container: HTMLElement) {
  document.title = 'AI-assisted RSS reader · Feedloom';
  createRoot(container).render(
    <StrictMode>
      <LandingPage />
    </StrictMode>,
  );
}
