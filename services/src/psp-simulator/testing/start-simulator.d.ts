export interface RunningSimulator {
    url: string;
    merchantId: string;
    password: string;
    hmacKeyHex: string;
    /** test-only fault switches (POST /__faults) */
    setFaults(scope: {
        transactionId?: string;
    }, faults: Record<string, unknown>): Promise<void>;
    clearFaults(): Promise<void>;
    releaseHeldNotifications(): Promise<number>;
    stop(): Promise<void>;
}
/** Starts `services/src/psp-simulator/main.ts` as a real child process on a free port. */
export declare function startSimulator(databaseUrl: string, env?: Record<string, string>): Promise<RunningSimulator>;
