/**
 * The spec's verbatim strings: the contract. Every text here is copied from the product spec
 * exactly, typos included ('Emile', 'panding', 'membar', ...); do not correct them. Every other
 * user-visible string lives with its feature, in `<folder>-strings.ts`.
 */
export const spec = {
  validation: {
    loginEmailRequired: 'Emile is empty',
    registerEmailRequired: 'Email does not exist',
    emailInvalid: 'Type a valid email',
    passwordRequired: 'Password is empty',
    passwordMin: 'at least 8 character',
    passwordUpper: 'at least one upper case',
    passwordLower: 'at least one lower case',
    passwordDigit: 'at least one number',
    nameRequired: 'name is required',
    nameLength: 'Name must be between 2-16 character long', // the rule is 2-15
    nameStart: 'Must be start with a letter',
    nameChars: 'only later number & underscore are valid',
    resetEmailRequired: 'Entire a Valid email',
  },
  toast: {
    loginSuccess: 'You are logged in Successfully',
    emailNotVerified: 'Email is not verified',
    invalidCredential: 'Invalid Email or Password',
    verificationSent1: 'Verification email send',
    verificationSent2: 'Email Verification send',
    accountCreated: 'New Account Created',
    loginFailed: 'Login failed',
  },
  auth: {
    signUp: 'Sign up',
    loginWithGoogle: 'Login with Google',
    forgetPassword: 'Forget Password?',
    sendResetEmail: 'Send a Reset Email',
    backToLogin: 'Back to login',
    loginToContinue: 'Login to Continue',
  },
  relation: {
    add: 'Add',
    pending: 'panding',
    friend: 'Friend',
    block: 'Block',
    unblock: 'Unblock',
    blocked: 'Blocked',
    accept: 'Accept',
  },
  panels: {
    groupList: 'Group List',
    friendList: 'Friend List',
    userList: 'User List',
    friendRequest: 'Friend Request',
    myGroups: 'My Groups',
    blockedUsers: 'Blocked Users',
    addMember: 'Add membar',
  },
  profile: {
    changePicture: 'Change your profile picture',
    upload: 'Upload',
  },
  chat: {
    selectFriend: 'Select a friend',
    online: 'Online',
  },
  placeholders: {
    notification: 'Notification',
    settings: 'Settings',
  },
} as const;
