import { ConfigError } from '../config';
import { hasData } from '../db/backup';
import { rotateSigningSecret } from '../lib/signing-secret';
import { openTarget, Refusal } from './maintenance-target';

/**
 * `npm run rotate-signing-secret -w api`: a new token signing secret in the database the API is
 * configured for; every token issued before is refused from the next API start. For deployments
 * that set JWT_SECRET, rotating means setting a new one. See docs/operations.md.
 */
async function rotate(): Promise<string> {
  if (process.env.JWT_SECRET?.trim()) {
    throw new Refusal(
      'JWT_SECRET is set, so the API signs tokens with it and never with the stored secret. To rotate, set a new ' +
        'JWT_SECRET (at least 32 characters) for every API process and restart them. Nothing was changed.',
    );
  }
  const target = await openTarget({ command: 'signing secret rotation', needsData: true, needsApiStopped: true });
  try {
    if (!(await hasData(target.db))) {
      throw new Refusal(`${target.where} holds no CareBook data yet; the API creates a secret when it first starts.`);
    }
    await rotateSigningSecret(target.db);
    return (
      `carebook: the token signing secret of ${target.where} was replaced. Once the API starts again, every token ` +
      'issued before is refused: patients and staff log in again.'
    );
  } finally {
    await target.db.close();
  }
}

rotate().then(
  (message) => {
    console.log(message);
    process.exit(0);
  },
  (error: unknown) => {
    if (error instanceof Refusal || error instanceof ConfigError) {
      console.error(`carebook rotate-signing-secret: ${error.message}`);
    } else {
      console.error('carebook rotate-signing-secret failed; nothing was changed.', error);
    }
    process.exit(1);
  },
);
