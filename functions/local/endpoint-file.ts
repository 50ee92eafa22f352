/**
 * File under DATA_DIR where `npm start` notes its DynamoDB Local address, so local jobs
 * (`npm run credits:monthly`) use that running instance instead of opening the same data twice.
 */
export const ENDPOINT_FILE = 'dynamodb-endpoint';
