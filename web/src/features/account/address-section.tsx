import { isLanguage } from '@alpenpass/contracts/src/language-codes';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Announcement } from '../../components/announcement';
import {
  useAddAddressMutation,
  useChangeAddressMutation,
  useGetAddressesQuery,
  useGetCountriesQuery,
  useRemoveAddressMutation,
  type Address,
} from './api';
import { AddressForm } from './address-form';
import { addressMessages } from './address-messages';
import { accountMessages } from './messages';

function AddressLines({ address }: { address: Address }) {
  const intl = useIntl();
  const language = isLanguage(intl.locale) ? intl.locale : 'de';
  const { data: countries = [] } = useGetCountriesQuery(language);
  const country =
    countries.find((entry) => entry.alpha3 === address.countryCode.toLowerCase())?.locale[language].name ??
    address.countryCode;
  return (
    <address>
      {[address.addressLine1, address.addressLine2, `${address.zip} ${address.city}`, address.state, country]
        .filter(Boolean)
        .map((line) => (
          <span key={line} className="address-line">
            {line}
          </span>
        ))}
      <small>
        {address.purpose.map((purpose) => intl.formatMessage(addressMessages[purpose])).join(', ')}
      </small>
    </address>
  );
}

/** The account's addresses: list, add, change, delete. */
export function AddressSection() {
  const intl = useIntl();
  const { data: addresses, isLoading, error } = useGetAddressesQuery();
  const [addAddress] = useAddAddressMutation();
  const [changeAddress] = useChangeAddressMutation();
  const [removeAddress] = useRemoveAddressMutation();
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  return (
    <section className="account-section" aria-labelledby="addresses-heading">
      <h2 id="addresses-heading">{intl.formatMessage(addressMessages.heading)}</h2>
      {isLoading && <p role="status">{intl.formatMessage(accountMessages.loading)}</p>}
      {error && (
        <p role="alert" className="notice-problem">
          {intl.formatMessage(accountMessages.loadFailed)}
        </p>
      )}
      {notice && <Announcement text={notice} />}
      {addresses && addresses.length === 0 && editing !== 'new' && (
        <p className="empty-state">{intl.formatMessage(addressMessages.none)}</p>
      )}
      <ul className="account-cards">
        {addresses?.map((address) => (
          <li key={address.id} className="account-card">
            {editing === address.id ? (
              <AddressForm
                address={address}
                submitLabel={intl.formatMessage(accountMessages.save)}
                onCancel={() => setEditing(null)}
                onSubmit={async (changes) => {
                  const result = await changeAddress({ addressId: address.id, changes });
                  if (!result.error) {
                    setEditing(null);
                    setNotice(intl.formatMessage(accountMessages.saved));
                  }
                  return result;
                }}
              />
            ) : (
              <>
                <AddressLines address={address} />
                <div className="form-actions">
                  <button
                    type="button"
                    className="secondary"
                    aria-label={`${intl.formatMessage(accountMessages.edit)}: ${address.addressLine1}`}
                    onClick={() => {
                      setNotice(null);
                      setEditing(address.id);
                    }}
                  >
                    {intl.formatMessage(accountMessages.edit)}
                  </button>
                  <button
                    type="button"
                    className="secondary"
                    aria-label={`${intl.formatMessage(addressMessages.remove)}: ${address.addressLine1}`}
                    onClick={() =>
                      void removeAddress(address.id).then(
                        (result) => !result.error && setNotice(intl.formatMessage(addressMessages.removed)),
                      )
                    }
                  >
                    {intl.formatMessage(addressMessages.remove)}
                  </button>
                </div>
              </>
            )}
          </li>
        ))}
      </ul>
      {editing === 'new' ? (
        <AddressForm
          submitLabel={intl.formatMessage(addressMessages.add)}
          onCancel={() => setEditing(null)}
          onSubmit={async (input) => {
            const result = await addAddress(input);
            if (!result.error) {
              setEditing(null);
              setNotice(intl.formatMessage(accountMessages.saved));
            }
            return result;
          }}
        />
      ) : (
        <button
          type="button"
          onClick={() => {
            setNotice(null);
            setEditing('new');
          }}
        >
          {intl.formatMessage(addressMessages.add)}
        </button>
      )}
    </section>
  );
}
