/**
 * The embedded wallet's configuration (`embedded` in the server's file): the wallet origin's own
 * listener, the projects and the sites each may embed the wallet on, mail, the OpenID providers,
 * the OAuth 2.0 providers (GitHub and X, which have no OpenID Connect), and the key that seals server shares at rest. Absent: the server serves no wallet origin.
 * @module
 */
import * as z from 'zod'

/** §3's social providers. */
export const SOCIAL_PROVIDERS = ['google', 'github', 'apple', 'facebook', 'x', 'discord'] as const
/** One of §3's social providers. */
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number]

/** A site origin as a browser sends it: scheme, host, optional port, no path. */
const siteOrigin = z
  .string()
  .regex(
    /^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$|^https?:\/\/\[[0-9a-f:]+\](:\d{1,5})?$/,
    'expected an origin like https://shop.example (scheme, host, optional port)',
  )

const httpUrl = z
  .string()
  .url()
  .refine((value) => /^https?:\/\//.test(value), 'expected an http(s) URL')

/** An OpenID Connect provider the operator registered the wallet origin with. */
const oidcProviderSchema = z.object({
  /** The issuer (discovery at `/.well-known/openid-configuration`). */
  issuer: httpUrl,
  clientId: z.string().min(1).max(512),
  clientSecret: z.string().min(1).max(4_096).optional(),
  /** Scopes asked for; the email comes from the ID token or userinfo. */
  scopes: z.array(z.string().min(1).max(64)).max(16).default(['openid', 'email', 'profile']),
})

/** What every OAuth 2.0 provider takes: the app's credentials and a bound on each request. */
const oauthCommon = {
  clientId: z.string().min(1).max(512),
  /** Seconds each request to the provider may take before the login fails. */
  timeoutSeconds: z.number().int().min(1).max(60).default(10),
}

/**
 * A GitHub OAuth app (decision 0718). The endpoints default to GitHub's own; tests (and GitHub
 * Enterprise) point them elsewhere.
 */
const githubOAuthSchema = z.object({
  ...oauthCommon,
  /** GitHub OAuth apps are confidential clients: the secret is required. */
  clientSecret: z.string().min(1).max(4_096),
  scopes: z.array(z.string().min(1).max(64)).max(16).default(['read:user', 'user:email']),
  authorizationEndpoint: httpUrl.default('https://github.com/login/oauth/authorize'),
  tokenEndpoint: httpUrl.default('https://github.com/login/oauth/access_token'),
  userEndpoint: httpUrl.default('https://api.github.com/user'),
  /** Where the verified addresses come from (`user:email` scope). */
  emailsEndpoint: httpUrl.default('https://api.github.com/user/emails'),
})

/** An X (Twitter) OAuth 2.0 app; without a secret it is a public client (PKCE only). */
const xOAuthSchema = z.object({
  ...oauthCommon,
  clientSecret: z.string().min(1).max(4_096).optional(),
  scopes: z.array(z.string().min(1).max(64)).max(16).default(['users.read', 'tweet.read']),
  authorizationEndpoint: httpUrl.default('https://x.com/i/oauth2/authorize'),
  tokenEndpoint: httpUrl.default('https://api.x.com/2/oauth2/token'),
  userEndpoint: httpUrl.default('https://api.x.com/2/users/me'),
})

/** The §3 providers with an OAuth 2.0 login of their own. */
export const OAUTH_PROVIDERS = ['github', 'x'] as const satisfies readonly SocialProvider[]

/** A network the frame serves: safe RPC methods go to its node (§6). */
const networkSchema = z.object({
  id: z
    .string()
    .regex(
      /^eip155:\d{1,12}$|^solana:[1-9A-HJ-NP-Za-km-z]{32}$/,
      'expected an eip155 or solana CAIP-2 id',
    ),
  rpcUrl: httpUrl,
})

/** The `embedded` section. */
export const embeddedConfigSchema = z
  .object({
    /** The wallet origin's listener: never the site's origin, and best not the API's either. */
    host: z.string().default('127.0.0.1'),
    port: z.number().int().min(0).max(65_535).default(8788),
    /**
     * The wallet origin as browsers reach it (`https://wallet.example`); the listener's own URL
     * when omitted. Behind a proxy set it: cookies, redirect URIs and passkeys name it.
     */
    publicOrigin: siteOrigin.optional(),
    /** Projects: each id with the sites (origins) allowed to embed the wallet under it. */
    projects: z
      .array(
        z.object({
          id: z
            .string()
            .regex(/^[A-Za-z0-9_-]{1,128}$/, 'expected a project id (letters, digits, _ -)'),
          sites: z.array(siteOrigin).min(1).max(256),
          /** Contexts (paths of the site) where unsafe RPC methods are refused (§6); optional. */
          restricted: z.boolean().default(false),
        }),
      )
      .max(1_024)
      .default([]),
    /**
     * 32 bytes, base64: seals server key shares at rest and keys the one-time code hashes. Losing it
     * loses every server share (visitors then recover with their device and recovery shares).
     */
    atRestKey: z
      .string()
      .regex(/^[A-Za-z0-9+/]{43}=$/, 'expected 32 bytes in base64 (openssl rand -base64 32)'),
    smtp: z.object({
      host: z.string().min(1),
      port: z.number().int().min(1).max(65_535).default(587),
      /** TLS from the first byte (port 465); otherwise STARTTLS when the server offers it. */
      secure: z.boolean().default(false),
      user: z.string().min(1).optional(),
      password: z.string().min(1).optional(),
      /** The sender (`Gangway <login@wallet.example>`). */
      from: z.string().min(3).max(256),
      /** Loopback test servers only: accept a self-signed certificate. */
      allowSelfSigned: z.boolean().default(false),
    }),
    /** The providers offered, by §3 name; only those configured can be used. */
    oidc: z.partialRecord(z.enum(SOCIAL_PROVIDERS), oidcProviderSchema).default({}),
    /** GitHub and X through their own OAuth 2.0 (no OpenID broker needed); decision 0718. */
    oauth: z
      .object({ github: githubOAuthSchema.optional(), x: xOAuthSchema.optional() })
      .strict()
      .default({}),
    /** Networks the frame serves (their nodes get the safe methods). */
    networks: z.array(networkSchema).max(64).default([]),
    /** How long a login lasts, in seconds (then 'Session Expired'). */
    sessionTtlSeconds: z
      .number()
      .int()
      .min(60)
      .max(30 * 86_400)
      .default(7 * 86_400),
    /** How long a one-time code is accepted, in seconds. */
    otpTtlSeconds: z.number().int().min(60).max(3_600).default(600),
    /** Wrong codes before a code is void. */
    otpMaxAttempts: z.number().int().min(1).max(10).default(5),
    /** §9: a new email login request within this many seconds of the previous is refused. */
    emailCooldownSeconds: z.number().int().min(1).max(3_600).default(30),
  })
  .superRefine((config, context) => {
    // One way in per provider: through a broker and directly, one person's account would go by
    // two subjects (the broker's and the provider's), so two accounts.
    for (const provider of OAUTH_PROVIDERS) {
      if (!config.oidc[provider] || !config.oauth[provider]) continue
      context.addIssue({
        code: 'custom',
        path: ['oauth', provider],
        message: `${provider} is configured under both embedded.oidc and embedded.oauth: keep one`,
      })
    }
    // The wallet origin is an origin of its own: a site on it would read the wallet's storage,
    // cookies and passkeys as its own (issue 23, decision 0710).
    if (!config.publicOrigin) return
    for (const [index, project] of config.projects.entries()) {
      const at = project.sites.indexOf(config.publicOrigin)
      if (at < 0) continue
      context.addIssue({
        code: 'custom',
        path: ['projects', index, 'sites', at],
        message: `${config.publicOrigin} is the wallet origin: a site must never be on it`,
      })
    }
  })

/** The checked `embedded` section. */
export type EmbeddedConfig = z.infer<typeof embeddedConfigSchema>
/** What the `embedded` section may hold before defaults apply. */
export type EmbeddedConfigInput = z.input<typeof embeddedConfigSchema>
