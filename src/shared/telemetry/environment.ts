/** SPEC 9.3: the environment from the host's suffix or name. */
export type Environment = 'development' | 'qa' | 'staging' | 'production';

const SHORT: Record<Environment, string> = {
  development: 'dev',
  qa: 'qa',
  staging: 'staging',
  production: 'prod',
};

const BY_LABEL: Record<string, Environment> = {
  localhost: 'development',
  dev: 'development',
  development: 'development',
  local: 'development',
  test: 'development',
  qa: 'qa',
  staging: 'staging',
  stage: 'staging',
  stg: 'staging',
  prod: 'production',
  production: 'production',
};

/**
 * `shop.dev.example.com`, `dev-shop.example.com`, `localhost:3000`, `127.0.0.1` → development;
 * `qa.example.com` → qa; `example-staging.com` → staging; anything else → production.
 * The rightmost matching label wins (a suffix says more than a name part).
 */
export function environmentFromHost(host: string | undefined | null): Environment {
  const name = (host ?? '')
    .toLowerCase()
    .replace(/:\d+$/, '')
    .replace(/^\[|\]$/g, '');
  if (!name || /^(127\.|0\.0\.0\.0$|::1$)/.test(name)) return 'development';
  const labels = name.split(/[.-]/);
  for (let i = labels.length - 1; i >= 0; i--) {
    const env = BY_LABEL[labels[i]!];
    if (env) return env;
  }
  return 'production';
}

/** The short form used in service host names: dev, qa, staging, prod. */
export function environmentShortName(env: Environment): string {
  return SHORT[env];
}
