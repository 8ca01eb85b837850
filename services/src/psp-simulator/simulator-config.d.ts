/** One merchant account on the simulator: basic-auth credentials, the notification HMAC key, a default webhook. */
export interface SimulatedMerchant {
    merchantId: string;
    password: string;
    /** hex, as the provider's back office shows it */
    hmacKeyHex: string;
    /** used when an init names no webhook.url */
    webhookUrl?: string;
}
export interface SimulatorConfig {
    port: number;
    host: string;
    /** where browsers reach the simulator (the payment page URLs); default http://localhost:<port> */
    publicUrl?: string;
    databaseUrl: string;
    merchant: SimulatedMerchant;
    logLevel: string;
}
/** Development defaults only: the simulator holds no real money and is never deployed. */
export declare const simulatorDefaults: {
    readonly port: 3900;
    readonly databaseUrl: "postgres://postgres@127.0.0.1:5432/alpenpass_psp";
    readonly merchantId: "1100000000";
    readonly password: "psp-simulator-password";
    readonly hmacKeyHex: "5f7a1c9e3b2d4a6f8e0c1b3d5f7a9c2e4b6d8f0a1c3e5b7d9f2a4c6e8b0d1f3a";
};
export declare function loadSimulatorConfig(source?: NodeJS.ProcessEnv): SimulatorConfig;
