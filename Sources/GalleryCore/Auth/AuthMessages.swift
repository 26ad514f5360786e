/// The messages sign-in and registration shows, in every language (the catalog's completeness test names a
/// missing one).
extension AuthFeature {
  static let messages: [Language: [String: String]] = [
    .en: [
      "email.required": "Enter your email address.",
      "email.invalid": "Enter a valid email address, like name@example.com.",
      "email.tooLong": "An email address can have at most 254 characters.",
      "password.required": "Enter your password.",
      "password.tooShort": "The password needs at least 6 characters.",
      "password.tooLong": "The password can have at most 128 characters.",
      "age.required": "Enter your age.",
      "age.notANumber": "Age must be a whole number.",
      "age.outOfRange": "Age must be between 13 and 120.",
      "auth.rejected": "{detail}",
      "auth.interrupted": "The app stopped before the answer came. Submit again.",
    ],
    .es: [
      "email.required": "Escribe tu correo electrónico.",
      "email.invalid": "Escribe un correo válido, como nombre@ejemplo.com.",
      "email.tooLong": "Un correo puede tener como máximo 254 caracteres.",
      "password.required": "Escribe tu contraseña.",
      "password.tooShort": "La contraseña necesita al menos 6 caracteres.",
      "password.tooLong": "La contraseña puede tener como máximo 128 caracteres.",
      "age.required": "Escribe tu edad.",
      "age.notANumber": "La edad debe ser un número entero.",
      "age.outOfRange": "La edad debe estar entre 13 y 120.",
      "auth.rejected": "{detail}",
      "auth.interrupted": "La app se detuvo antes de recibir la respuesta. Envía de nuevo.",
    ],
  ]
}
