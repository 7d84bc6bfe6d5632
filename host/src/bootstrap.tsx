import { createRoot } from 'react-dom/client';
import 'react-toastify/dist/ReactToastify.css';
import '@carebook/shared/tokens.css';
import './styles/global.css';
import { App } from './app';
import { loadRuntimeConfig, registerRuntimeRemotes } from './remotes/runtime-config';

async function start(): Promise<void> {
  const config = await loadRuntimeConfig();
  registerRuntimeRemotes(config);
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');
  createRoot(container).render(<App config={config} />);
}

void start();
