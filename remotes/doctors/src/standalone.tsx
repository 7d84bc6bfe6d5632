import { createRoot } from 'react-dom/client';
import 'react-toastify/dist/ReactToastify.css';
import '@carebook/shared/tokens.css';
import { StandaloneRoot } from '@carebook/shared/web';
import { App } from './app';

// This remote alone, for its team: `npm run dev -w remotes/NAME`, with the API on API_URL.
const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <StandaloneRoot apiUrl={process.env.API_URL} adminUrl={process.env.ADMIN_URL}>
      <App />
    </StandaloneRoot>,
  );
}
