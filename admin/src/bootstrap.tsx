import { createRoot } from 'react-dom/client';
import 'react-toastify/dist/ReactToastify.css';
import '@carebook/shared/tokens.css';
import '@carebook/shared/base.css';
import { App } from './app';
import { loadAdminConfig } from './runtime-config';

async function start(): Promise<void> {
  const config = await loadAdminConfig();
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');
  createRoot(container).render(<App apiUrl={config.apiUrl} />);
}

void start();
