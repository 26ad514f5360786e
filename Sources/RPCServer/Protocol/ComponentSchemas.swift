import GalleryCore

/// The JSON Schemas of the state and of the messages' shared shapes, published in the
/// OpenRPC document's components. Tests check real states and messages against them.
public enum ComponentSchemas {
  static let message = Schema.object(
    [
      "code": Schema.string, "message": Schema.string, "retryable": Schema.boolean,
      "args": .object(["type": .string("object"), "additionalProperties": Schema.string]),
      "retry": Schema.object(
        ["method": Schema.string, "params": .object(["type": .string("object")])]),
    ], optional: ["retry"])
  static let nullableMessage = Schema.nullable(Schema.ref("Message"))

  public static let all: [String: JSONValue] = [
    "Message": message,
    "TextField": Schema.object([
      "value": Schema.string, "edited": Schema.boolean, "isValid": Schema.boolean, "error": nullableMessage,
    ]),
    "SecretField": Schema.object([
      "length": Schema.integer(minimum: 0), "edited": Schema.boolean, "isValid": Schema.boolean,
      "error": nullableMessage,
    ]),
    "LoginForm": Schema.object([
      "email": Schema.ref("TextField"), "password": Schema.ref("SecretField"),
      "submitAttempted": Schema.boolean,
      "canSubmit": Schema.boolean, "isSubmitting": Schema.boolean,
      "error": nullableMessage,
    ]),
    "RegistrationForm": Schema.object([
      "email": Schema.ref("TextField"), "password": Schema.ref("SecretField"), "age": Schema.ref("TextField"),
      "submitAttempted": Schema.boolean, "canSubmit": Schema.boolean, "isSubmitting": Schema.boolean,
      "error": nullableMessage,
    ]),
    "Session": Schema.object([
      "status": Schema.enumeration(["signedOut", "signingIn", "signedIn"]),
      "email": Schema.nullable(Schema.string),
    ]),
    "Route": Schema.object([
      "screen": Schema.enumeration([
        "login", "registration", "home", "detail", "album", "photo", "albums", "account", "video", "settings",
      ]),
      "id": Schema.nullable(Schema.string),
    ]),
    "State": Schema.object([
      "route": Schema.array(Schema.ref("Route")), "login": Schema.ref("LoginForm"),
      "shape": Schema.object([
        "signIn": Schema.enumeration(InitializationOptions.signInValues),
        "home": Schema.enumeration(InitializationOptions.homeValues),
      ]),
      "registration": Schema.ref("RegistrationForm"), "session": Schema.ref("Session"),
      "feed": Schema.ref("Feed"),
      "detail": Schema.nullable(Schema.ref("Detail")),
      "connectivity": Schema.enumeration(["online", "offline"]),
      "unreachable": .object([
        "type": .string("object"),
        "propertyNames": Schema.enumeration(["feed", "albums", "account", "video", "auth"]),
        "additionalProperties": Schema.ref("Unreachable"),
      ]),
      "rateLimited": .object([
        "type": .string("object"),
        "propertyNames": Schema.enumeration(["feed", "albums", "account", "video", "auth"]),
        "additionalProperties": Schema.object(["until": Schema.string]),
      ]),
      "albums": Schema.ref("Albums"), "album": Schema.nullable(Schema.ref("Album")),
      "photo": Schema.nullable(Schema.ref("AlbumPhotoScreen")),
      "account": Schema.ref("Account"), "video": Schema.ref("Video"), "settings": Schema.ref("Settings"),
    ]),
    "Unreachable": Schema.object([
      "since": Schema.nullable(Schema.string), "message": Schema.ref("Message"),
    ]),
    "VideoFile": Schema.object([
      "quality": Schema.string, "fileType": Schema.string,
      "width": Schema.nullable(Schema.integer(minimum: 0)),
      "height": Schema.nullable(Schema.integer(minimum: 0)),
      "fps": Schema.nullable(.object(["type": .string("number")])), "link": Schema.string,
    ]),
    "Video": Schema.object([
      "status": Schema.enumeration(["idle", "loading", "ready", "failed"]),
      "wish": Schema.object([
        "width": Schema.nullable(Schema.integer(minimum: 1)),
        "height": Schema.nullable(Schema.integer(minimum: 1)),
        "quality": Schema.nullable(Schema.enumeration(["sd", "hd", "uhd", "hls"])),
      ]),
      "video": Schema.nullable(
        Schema.object([
          "id": Schema.integer(), "duration": Schema.integer(minimum: 0), "posterURL": Schema.string,
          "author": Schema.string, "authorURL": Schema.nullable(Schema.string),
          "pageURL": Schema.nullable(Schema.string), "files": Schema.array(Schema.ref("VideoFile")),
        ])),
      "file": Schema.nullable(Schema.ref("VideoFile")), "error": nullableMessage,
    ]),
    "Settings": Schema.object([
      "appearance": Schema.enumeration(["system", "light", "dark"]),
      "language": Schema.enumeration(["en", "es"]),
      "languageSource": Schema.nullable(Schema.enumeration(["environment", "app", "user"])),
      "providers": Schema.object([
        "feed": Schema.enumeration(["demo", "pixabay", "pexels"]),
        "albums": Schema.enumeration(["demo", "jsonplaceholder"]),
        "account": Schema.enumeration(["demo", "imgur"]),
        "video": Schema.enumeration(["demo", "pexels"]), "environment": Schema.string,
        "environments": .object([
          "type": .string("object"),
          "additionalProperties": .object(["type": .string("object"), "additionalProperties": Schema.string]),
        ]),
        "chosen": Schema.boolean,
      ]),
      "pageSize": Schema.integer(minimum: 3, maximum: 200),
      "prefetchDistance": Schema.integer(minimum: 0, maximum: 100),
      "imageCacheMegabytes": Schema.integer(minimum: 5, maximum: 2000),
    ]),
    "AccountImage": Schema.object(
      [
        "id": Schema.string, "title": Schema.nullable(Schema.string),
        "description": Schema.nullable(Schema.string), "link": Schema.string, "thumbnailURL": Schema.string,
        "type": Schema.string, "width": Schema.integer(minimum: 0), "height": Schema.integer(minimum: 0),
        "size": Schema.integer(), "views": Schema.integer(), "bandwidth": Schema.integer(),
        "datetime": Schema.integer(), "animated": Schema.boolean,
      ]),
    "AccountImageItem": Schema.object([
      "key": Schema.string, "image": Schema.ref("AccountImage"), "thumbnail": Schema.ref("Image"),
      "error": nullableMessage,
    ]),
    "UploadRequest": Schema.object([
      "file": Schema.object(
        [
          "path": Schema.string, "fileName": Schema.string, "byteCount": Schema.integer(minimum: 1),
          "mimeType": Schema.string, "staged": Schema.boolean,
        ], optional: ["staged"]),
      "title": Schema.nullable(Schema.string), "description": Schema.nullable(Schema.string),
    ]),
    "Account": Schema.object([
      "status": Schema.enumeration(["signedOut", "awaitingRedirect", "signedIn"]),
      "provider": Schema.object([
        "name": Schema.enumeration(["demo", "imgur"]), "authorizeEndpoint": Schema.string,
        "clientID": Schema.string,
      ]),
      "pendingLogin": Schema.nullable(
        Schema.object(["authorizeURL": Schema.string, "state": Schema.string])),
      "username": Schema.nullable(Schema.string), "accountID": Schema.nullable(Schema.integer(minimum: 0)),
      "tokenLifetime": Schema.nullable(Schema.integer(minimum: 1)),
      "images": Schema.array(Schema.ref("AccountImageItem")),
      "imagesStatus": Schema.enumeration(["idle", "loading", "loaded", "failed"]),
      "imagesPage": Schema.integer(minimum: 0),
      "upload": Schema.object([
        "status": Schema.enumeration(["idle", "uploading", "failed", "done"]),
        "progress": .object(["type": .string("number"), "minimum": .number(0), "maximum": .number(1)]),
        "fileName": Schema.nullable(Schema.string),
        "request": Schema.nullable(Schema.ref("UploadRequest")), "error": nullableMessage,
      ]),
      "deleting": Schema.array(
        Schema.object([
          "index": Schema.integer(minimum: 0),
          "item": Schema.ref("AccountImageItem"),
        ])),
      "error": nullableMessage,
    ]),
    "AlbumCard": Schema.object([
      "key": Schema.string, "id": Schema.integer(minimum: 0), "title": Schema.string,
      "owner": Schema.nullable(Schema.string),
      "preview": Schema.ref("Image"), "previewURL": Schema.nullable(Schema.string),
    ]),
    "Albums": Schema.object([
      "status": Schema.enumeration(["idle", "loading", "loaded", "failed"]),
      "sections": Schema.array(
        Schema.object([
          "title": Schema.nullable(Schema.string), "albumIds": Schema.array(Schema.integer(minimum: 0)),
        ])),
      "all": .object([
        "type": .string("object"),
        "propertyNames": .object(["type": .string("string"), "pattern": .string("^(0|[1-9][0-9]*)$")]),
        "additionalProperties": Schema.ref("AlbumCard"),
      ]),
      "search": Schema.string, "notice": nullableMessage,
      "error": nullableMessage,
    ]),
    "AlbumPhoto": Schema.object([
      "id": Schema.integer(minimum: 0), "albumID": Schema.integer(minimum: 0), "title": Schema.string,
      "thumbnailURL": Schema.string, "url": Schema.string,
    ]),
    "Album": Schema.object([
      "id": Schema.integer(minimum: 0), "title": Schema.string,
      "status": Schema.enumeration(["idle", "loading", "loaded", "failed"]),
      "photos": Schema.array(
        Schema.object([
          "key": Schema.string, "photo": Schema.ref("AlbumPhoto"), "thumbnail": Schema.ref("Image"),
        ])),
      "error": nullableMessage,
      "emptyNotice": nullableMessage,
    ]),
    "AlbumPhotoScreen": Schema.object([
      "key": Schema.string, "photo": Schema.ref("AlbumPhoto"), "image": Schema.ref("Image"),
    ]),
    "Photo": Schema.object([
      "key": Schema.string, "providerID": Schema.string, "width": Schema.integer(minimum: 0),
      "height": Schema.integer(minimum: 0), "author": Schema.string,
      "authorURL": Schema.nullable(Schema.string),
      "tags": Schema.array(Schema.string), "likes": Schema.nullable(Schema.integer(minimum: 0)),
      "pageURL": Schema.string,
      "thumbnailURL": Schema.string, "largeURL": Schema.string, "originalURL": Schema.nullable(Schema.string),
      "averageColor": Schema.nullable(Schema.string),
      "alt": Schema.nullable(Schema.string),
    ]),
    "Image": Schema.object([
      "status": Schema.enumeration(["notRequested", "loading", "loaded", "failed"]),
      "path": Schema.nullable(Schema.string), "error": nullableMessage,
    ]),
    "FeedItem": Schema.object([
      "key": Schema.string, "photo": Schema.ref("Photo"), "thumbnail": Schema.ref("Image"),
    ]),
    "Feed": Schema.object([
      "provider": Schema.enumeration(["demo", "pixabay", "pexels"]), "query": Schema.string,
      "activeQuery": Schema.string,
      "status": Schema.enumeration(["idle", "loading", "refreshing", "loadingMore", "loaded", "failed"]),
      "items": Schema.array(Schema.ref("FeedItem")), "page": Schema.integer(minimum: 0),
      "hasMore": Schema.boolean,
      "error": nullableMessage, "emptyNotice": nullableMessage, "isOfflineCopy": Schema.boolean,
      "perPage": Schema.integer(minimum: 1),
    ]),
    "Detail": Schema.object([
      "key": Schema.string, "photo": Schema.ref("Photo"), "image": Schema.ref("Image"),
    ]),
    "EventRecord": Schema.object([
      "seq": Schema.integer(minimum: 1), "time": Schema.string, "type": Schema.string,
      "v": Schema.integer(minimum: 0),
      "data": .object(["type": .string("object")]),
    ]),
    "PatchOperation": Schema.object(
      [
        "op": Schema.enumeration(["add", "remove", "replace"]), "path": Schema.string,
        "value": Schema.anyValue,
      ],
      optional: ["value"]),
    "StateChanged": Schema.object([
      "fromVersion": Schema.integer(minimum: 0), "version": Schema.integer(minimum: 1),
      "patch": Schema.array(Schema.ref("PatchOperation")),
    ]),
    "ActionResult": Schema.object([
      "version": Schema.integer(minimum: 0),
      "events": Schema.array(Schema.object(["seq": Schema.integer(minimum: 1), "type": Schema.string])),
    ]),
    "InitializeResult": Schema.object([
      "serverInfo": Schema.object(["name": Schema.string, "version": Schema.string]),
      "protocolVersion": Schema.string, "dataDirectory": Schema.string,
      "capabilities": Schema.object([
        "methods": Schema.array(Schema.string), "notAvailableYet": Schema.array(Schema.string),
        "notifications": Schema.array(Schema.string), "framings": Schema.array(Schema.string),
        "framing": Schema.string, "stateVersion": Schema.integer(minimum: 0), "testClock": Schema.boolean,
        "seeded": Schema.boolean, "readOnly": Schema.boolean,
        "maxMessageBytes": Schema.integer(minimum: 1),
        "demoAccount": Schema.nullable(Schema.object(["email": Schema.string, "password": Schema.string])),
      ]),
    ]),
    "Progress": Schema.object([
      "token": Schema.anyValue,
      "value": Schema.object(
        [
          "kind": Schema.enumeration(["begin", "report", "end"]), "message": Schema.string,
          "percentage": Schema.integer(minimum: 0, maximum: 100),
        ],
        optional: ["message", "percentage"]),
    ]),
  ]
}
