import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { applyPalette } from './app/theme/palette-css';
import { LoginScreen } from './features/auth/login/login-screen';
import './features/auth/login/login.css';

// The sign-in page is a page of its own (login.html): React and this form, without the app's
// router, MUI and data layer, so that the first screen of every visit is light on a phone (ADR 035).
// The app itself loads once the staff member is signed in.

const container = document.getElementById('root');
if (!container) throw new Error('login.html has no #root element');

// The server marks the page of the drafts environment (static.ts).
applyPalette(document.documentElement.dataset.theme === 'drafts' ? 'drafts' : 'brand');

createRoot(container).render(
  <StrictMode>
    <LoginScreen onDraftsEnvironment={() => applyPalette('drafts')} />
  </StrictMode>,
);
