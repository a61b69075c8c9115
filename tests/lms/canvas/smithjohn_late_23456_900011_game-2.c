/* second try: the newest */
