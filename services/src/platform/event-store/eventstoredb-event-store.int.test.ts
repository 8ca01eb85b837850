import { eventStoreContract } from './event-store.contract';
import { createEventStoreDbEventStore } from './eventstoredb-event-store';

// No EventStoreDB/KurrentDB server runs on these machines; set EVENTSTORE_URL to run the contract.
const url = process.env.EVENTSTORE_URL;
const describeIfServer = url ? describe : describe.skip;

describeIfServer(`EventStoreDB adapter${url ? '' : ' (skipped: EVENTSTORE_URL not set)'}`, () => {
  eventStoreContract(async () => {
    const store = createEventStoreDbEventStore({ url: url! });
    return { store, close: () => store.close() };
  });
});
