import type { Contact, ContactPage, CreateContactBody, UpdateContactBody } from "@atendo/contracts";
import { resourceApi } from "../../../lib/resource-api";

const contactsApi = resourceApi<Contact, CreateContactBody, UpdateContactBody, ContactPage>("/contacts");

export const { page: listContacts, get: getContact, create: createContact, update: updateContact, remove: deleteContact } = contactsApi;
