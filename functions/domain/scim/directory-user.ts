/** Who writes for a company's directory (SCIM): `createdBy` of the credit entries its activations book. */
export const DIRECTORY_USER_ID = 'directory';
