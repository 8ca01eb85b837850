import type { AccountEvent, AccountLifecycleEvent, AccountProfile, AccountType } from '@alpenpass/contracts';

/** An account's profile and where it is in its life: opened, blocked, deletion asked for, erased. */
export interface AccountLife {
  opened: boolean;
  openedAt: string | null;
  profile: AccountProfile;
  blockedAt: string | null;
  deleteAfter: string | null;
  deletedAt: string | null;
  /** identities of other providers (or of the embedded one) that sign in to this account */
  identities: { provider: string; userId: string }[];
}

export const emptyProfile = (type: AccountType = 'CUSTOMER'): AccountProfile => ({
  email: null,
  language: 'de',
  type,
  company: null,
  fullName: null,
  addressLine1: null,
  addressLine2: null,
  city: null,
  zip: null,
  countryCode: null,
  birthdate: null,
  metaInformation: { acceptedNewsletter: false },
});

export const initialLife = (): AccountLife => ({
  opened: false,
  openedAt: null,
  profile: emptyProfile(),
  blockedAt: null,
  deleteAfter: null,
  deletedAt: null,
  identities: [],
});

const lifeEventTypes: ReadonlySet<string> = new Set<AccountLifecycleEvent['type']>([
  'AccountOpened',
  'AccountProfileChanged',
  'AccountDeletionRequested',
  'AccountDeletionAborted',
  'AccountErased',
  'AccountBlocked',
  'AccountUnblocked',
  'IdentityLinked',
  'IdentityUnlinked',
]);
export const isLifeEvent = (event: AccountEvent): event is AccountLifecycleEvent =>
  lifeEventTypes.has(event.type);

const defined = <T extends object>(changes: T): Partial<T> =>
  Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)) as Partial<T>;

export function evolveLife(life: AccountLife, event: AccountLifecycleEvent): AccountLife {
  switch (event.type) {
    case 'AccountOpened': {
      const { email, language, accountType, at } = event.data;
      return {
        ...life,
        opened: true,
        openedAt: at,
        profile: { ...emptyProfile(accountType), email, language },
      };
    }
    case 'AccountProfileChanged': {
      const { accountId: _account, ...changes } = event.data;
      return { ...life, profile: { ...life.profile, ...defined(changes) } };
    }
    case 'AccountDeletionRequested':
      return { ...life, deleteAfter: event.data.deleteAfter };
    case 'AccountDeletionAborted':
      return { ...life, deleteAfter: null };
    case 'AccountErased':
      return {
        ...life,
        profile: { ...emptyProfile(life.profile.type), language: life.profile.language },
        deletedAt: event.data.at,
        identities: [],
      };
    case 'AccountBlocked':
      return { ...life, blockedAt: event.data.at };
    case 'AccountUnblocked':
      return { ...life, blockedAt: null };
    case 'IdentityLinked':
      return {
        ...life,
        identities: [...life.identities, { provider: event.data.provider, userId: event.data.userId }],
      };
    case 'IdentityUnlinked':
      return {
        ...life,
        identities: life.identities.filter(
          (identity) => !(identity.provider === event.data.provider && identity.userId === event.data.userId),
        ),
      };
    default: {
      const unexpected: never = event;
      return unexpected;
    }
  }
}
