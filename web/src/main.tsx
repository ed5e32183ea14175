// Boots the SPA. A visitor's first page is usually the landing page, so `/` boots without the router
// and the rest of the app (about 30 KB of JavaScript less); a signed-in person at `/` gets the app,
// whose router sends them on to /home (spec §2). Every other path boots the app directly.
import './styles.css';
import { getCurrentUser } from './features/auth/api/get-current-user';
import { applyTheme, watchTheme } from './lib/theme';

applyTheme();
watchTheme();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

async function boot(container: HTMLElement) {
  if (window.location.pathname === '/') {
    const [user, landing] = await Promise.all([getCurrentUser(), import('./landing-entry')]);
    if (!user) return landing.mountLanding(container);
  }
  const app = await import('./app-entry');
  app.mountApp(container);
}

void boot(root);
